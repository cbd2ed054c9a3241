import { Button, Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { passwordChangeRequest } from "../../../contract/auth.ts";
import type { ErrorItem } from "../../../contract/envelope.ts";
import { PUBLIC_PATHS } from "../../../contract/screens.ts";
import { CallProgressActor, CallProgressProvider } from "../../actors/CallProgressActor.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";
import { appUrl, navigateTo } from "../../navigation.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";
import {
  type FieldErrors,
  focusFirstInvalid,
  serverFieldErrors,
  validateForm,
} from "../../ui/fieldErrors.ts";
import { TextInputField } from "../../ui/TextInputField.tsx";

const EMPTY = { companyId: "", email: "" };
const NO_ERRORS: ErrorItem[] = [];

/** Password change request (spec section 2): sends the change URL by e-mail, then back to login with 007. */
export function PasswordChangeRequestScreen() {
  const { t } = useTranslation("password");
  usePageTitle(t("requestHeading"));
  return (
    <CallProgressProvider spec={passwordChangeRequest} handling={{ manual: true, suppressMessages: true }}>
      <RequestForm />
    </CallProgressProvider>
  );
}

function RequestForm() {
  const { t } = useTranslation("password");
  const { t: message } = useTranslation("messages");
  const call = CallProgressActor.useActorRef();
  const busy = CallProgressActor.useSelector((snapshot) => snapshot.hasTag("busy"));
  const sent = CallProgressActor.useSelector((snapshot) => snapshot.hasTag("10"));
  const errors = CallProgressActor.useSelector((snapshot) =>
    snapshot.hasTag("20") ? snapshot.context.errors : NO_ERRORS,
  );
  const notifications = NotificationsActor.useActorRef();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!sent) return;
    notifications.send({ type: "notify.queue", colour: "success", text: message("no.007") });
    navigateTo(PUBLIC_PATHS.login);
  }, [sent, notifications, message]);

  const fieldMessages = { ...serverFieldErrors(errors), ...clientErrors };
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues({ ...values, [field]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(passwordChangeRequest.request, values);
    if (!checked.ok) {
      setClientErrors(checked.errors);
      queueMicrotask(() => focusFirstInvalid(form.current));
      return;
    }
    setClientErrors({});
    call.send({ type: "call.start", input: checked.data });
  };

  return (
    <Card size="4" className="form-card">
      <Heading as="h1" size="6" mb="2">
        {t("requestHeading")}
      </Heading>
      <Text as="p" mb="4" color="gray">
        {t("requestIntro")}
      </Text>
      {errors
        .filter((error) => !error.field)
        .map((error) => (
          <FormMessage key={error.code} tone="error">
            {error.message}
          </FormMessage>
        ))}
      <form ref={form} onSubmit={submit} noValidate>
        <Flex direction="column" gap="4">
          <TextInputField
            id="companyId"
            label={t("companyId")}
            value={values.companyId}
            onChange={set("companyId")}
            error={fieldMessages.companyId}
            autoComplete="organization"
            maxLength={50}
          />
          <TextInputField
            id="email"
            label={t("email")}
            type="email"
            value={values.email}
            onChange={set("email")}
            error={fieldMessages.email}
            autoComplete="username"
          />
          <Button type="submit" size="3" disabled={busy || sent}>
            {t("send")}
          </Button>
          <Link href={appUrl(PUBLIC_PATHS.login)}>{t("returnToLogin")}</Link>
        </Flex>
      </form>
    </Card>
  );
}
