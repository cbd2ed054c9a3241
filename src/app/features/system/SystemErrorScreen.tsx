import { Button, Card, Flex, Heading } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { receivedSystemErrorReason, type SystemErrorReason } from "../../../client/systemErrorReason.ts";
import type { MessageNo } from "../../../contract/messages.ts";
import { PUBLIC_PATHS } from "../../../contract/screens.ts";
import { navigateTo } from "../../navigation.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";

const MESSAGE_BY_KIND: Record<Exclude<SystemErrorReason["kind"], "other">, MessageNo> = {
  transit: "965",
  api: "964",
  notFound: "963",
  forbidden: "962",
};

/**
 * System error (spec section 2): the message for the reason the previous page handed on, or the
 * message it passed for any other reason; 998 when opened directly.
 */
export function SystemErrorScreen() {
  const { t } = useTranslation("system");
  const { t: message } = useTranslation("messages");
  usePageTitle(t("systemErrorHeading"));
  const [reason] = useState(receivedSystemErrorReason);
  const text =
    reason.kind === "other"
      ? (reason.message ?? message("no.998"))
      : message(`no.${MESSAGE_BY_KIND[reason.kind]}`);
  return (
    <Card size="4" className="form-card">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="6">
          {t("systemErrorHeading")}
        </Heading>
        <FormMessage tone="error">{text}</FormMessage>
        <Button type="button" size="3" onClick={() => navigateTo(PUBLIC_PATHS.login)}>
          {t("toLogin")}
        </Button>
      </Flex>
    </Card>
  );
}
