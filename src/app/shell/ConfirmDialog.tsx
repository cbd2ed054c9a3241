import * as Dialog from "@radix-ui/react-dialog";
import { Button, Flex, Theme } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ConfirmDialogActor } from "../actors/ConfirmDialogActor.tsx";
import { translateKey } from "../i18n/i18n.ts";
import { useDialogFocusReturn } from "../ui/useDialogFocusReturn.ts";

/**
 * The confirmation dialog (spec section 2) driven by the confirmDialog machine: "Execute"/"Cancel"
 * or "Yes"/"No". Escape and the overlay cancel.
 */
export function ConfirmDialog() {
  const { t } = useTranslation("shell");
  const dialog = ConfirmDialogActor.useActorRef();
  const open = ConfirmDialogActor.useSelector((snapshot) => snapshot.hasTag("visible"));
  const messageKey = ConfirmDialogActor.useSelector((snapshot) => snapshot.context.messageKey);
  const yesNo = ConfirmDialogActor.useSelector((snapshot) => snapshot.context.variant === "yesNo");
  const focusReturn = useDialogFocusReturn();

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && dialog.send({ type: "dialog.cancel" })}>
      <Dialog.Portal>
        <Theme accentColor="sky" grayColor="slate">
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog-content" {...focusReturn}>
            <Dialog.Title className="dialog-title">{t("confirmTitle")}</Dialog.Title>
            <Dialog.Description className="dialog-description">
              {messageKey ? translateKey(messageKey) : ""}
            </Dialog.Description>
            <Flex gap="3" justify="end" mt="4">
              <Button
                type="button"
                variant="soft"
                color="gray"
                onClick={() => dialog.send({ type: "dialog.cancel" })}
              >
                {yesNo ? t("no") : t("cancel")}
              </Button>
              <Button type="button" onClick={() => dialog.send({ type: "dialog.confirm" })}>
                {yesNo ? t("yes") : t("execute")}
              </Button>
            </Flex>
          </Dialog.Content>
        </Theme>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
