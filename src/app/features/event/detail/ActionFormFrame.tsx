import { Button, Flex } from "@radix-ui/themes";
import type { FormEvent, ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { useFocusAfterSending } from "../../../ui/useFocusAfterSending.ts";

/**
 * The form of an action dialog: its fields, a message about the whole form (902, a refusal without a
 * field), Cancel and Save. Save checks the values and asks the confirmation dialog next.
 */
export function ActionFormFrame({
  formRef,
  onSubmit,
  onCancel,
  formError,
  busy,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: () => void;
  onCancel: () => void;
  formError: string | null;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("eventDetail");
  // Save is disabled while confirmed and sent: after a refusal the focus goes to the field it names.
  useFocusAfterSending(formRef, busy);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Flex direction="column" gap="3" mt="3">
        {children}
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <Flex gap="3" justify="end" mt="2">
          <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {t("save")}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
