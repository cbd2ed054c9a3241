import { Button, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { EditBlock } from "../../../../contract/eventDetail.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { EventDetailActor } from "../EventDetailActor.tsx";
import { EventDetailScreeningActor } from "../EventDetailScreeningActor.tsx";

/**
 * Why the event cannot be edited now, or what went wrong with the last action: 688 (with who holds
 * it), 999, 1000, 015 while the event reloads, other refusals (closable), and failures (retry).
 */
export function EditStatus({ block }: { block: EditBlock }) {
  const { t } = useTranslation("eventDetail");
  const screening = EventDetailScreeningActor.useActorRef();
  const detail = EventDetailActor.useActorRef();
  const errors = EventDetailScreeningActor.useSelector((snapshot) => snapshot.context.errors);
  const state = EventDetailScreeningActor.useSelector((snapshot) =>
    snapshot.matches("readOnly")
      ? "readOnly"
      : snapshot.matches("conflict")
        ? "conflict"
        : snapshot.matches("refused")
          ? "refused"
          : snapshot.matches("error")
            ? "error"
            : null,
  );
  const dismissible = EventDetailScreeningActor.useSelector((snapshot) =>
    snapshot.can({ type: "refusal.dismiss" }),
  );
  if (!state || errors.length === 0) return null;
  const text = errors.map(shownErrorText).join("\n");
  const holder =
    state === "readOnly" && block?.kind === "lockedByOther"
      ? `\n${t("lockedBy", { name: block.operatorName, since: formatDateTime(block.since) })}`
      : "";
  return (
    <Flex direction="column" gap="2" align="start">
      <FormMessage
        tone={state === "refused" && dismissible ? "info" : "error"}
      >{`${text}${holder}`}</FormMessage>
      <Flex gap="2">
        {state === "refused" && dismissible ? (
          <Button type="button" variant="soft" onClick={() => screening.send({ type: "refusal.dismiss" })}>
            {t("close")}
          </Button>
        ) : null}
        {state === "refused" && !dismissible ? (
          <Button type="button" variant="soft" onClick={() => detail.send({ type: "detail.reload" })}>
            {t("reload")}
          </Button>
        ) : null}
        {state === "readOnly" ? (
          <Button type="button" variant="soft" onClick={() => detail.send({ type: "detail.reload" })}>
            {t("reload")}
          </Button>
        ) : null}
        {state === "error" ? (
          <>
            <Button type="button" onClick={() => screening.send({ type: "edit.retry" })}>
              {t("retry")}
            </Button>
            <Button
              type="button"
              variant="soft"
              color="gray"
              onClick={() => screening.send({ type: "edit.cancel" })}
            >
              {t("cancel")}
            </Button>
          </>
        ) : null}
      </Flex>
    </Flex>
  );
}
