import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { EVENT_SELECTION_LIMIT } from "../../../contract/eventSearch.ts";
import { useDialogFocusReturn } from "../../ui/useDialogFocusReturn.ts";
import { EventSearchActor } from "./EventSearchActor.tsx";

/** Select all found more than 150,000 events: the dialog asking to split the search period. */
export function SplitPeriodDialog() {
  const { t, i18n } = useTranslation("eventList");
  const { t: message } = useTranslation("messages");
  const list = EventSearchActor.useActorRef();
  const focusReturn = useDialogFocusReturn();
  const open = EventSearchActor.useSelector((snapshot) =>
    snapshot.matches({ list: { results: "splitDialog" } }),
  );
  const serverMessage = EventSearchActor.useSelector(
    (snapshot) => snapshot.context.selectionErrors.find((error) => error.message !== "")?.message,
  );
  const text =
    serverMessage ??
    message("error.tooManyRows", { max: EVENT_SELECTION_LIMIT.toLocaleString(i18n.language) });
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : list.send({ type: "split.close" }))}>
      <Dialog.Content maxWidth="480px" {...focusReturn}>
        <Dialog.Title>{t("splitTitle")}</Dialog.Title>
        <Dialog.Description>{text}</Dialog.Description>
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button type="button">{t("close")}</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
