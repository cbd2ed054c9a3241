import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventMemoAdd } from "../../../../contract/eventActions.ts";
import { type FieldErrors, focusFirstInvalid, validateForm } from "../../../ui/fieldErrors.ts";
import { ActionFormFrame } from "./ActionFormFrame.tsx";
import type { ActionFormProps } from "./actionFormProps.ts";
import { DialogMemoField } from "./DialogFields.tsx";
import { useReportInput } from "./useReportInput.ts";

/** Add screening memo: one memo of up to 500 characters. */
export function MemoForm(props: ActionFormProps) {
  const { t } = useTranslation("eventDetail");
  const form = useRef<HTMLFormElement>(null);
  const [memo, setMemo] = useState(props.draft?.action === "memo" ? props.draft.memo : "");
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const errors = { ...props.serverErrors, ...clientErrors };
  useReportInput({ action: "memo", memo }, props.input);

  const submit = () => {
    const checked = validateForm(eventMemoAdd.request, {
      eventId: props.eventId,
      version: props.version,
      memo,
    });
    if (!checked.ok) {
      setClientErrors(checked.errors);
      queueMicrotask(() => focusFirstInvalid(form.current));
      return;
    }
    setClientErrors({});
    props.submit({ action: "memo", memo });
  };

  return (
    <ActionFormFrame
      formRef={form}
      onSubmit={submit}
      onCancel={props.cancel}
      formError={props.serverFormError}
      busy={props.busy}
    >
      <DialogMemoField
        id="event-dialog-screening-memo"
        label={t("fields.screeningMemo")}
        value={memo}
        onChange={setMemo}
        error={errors.memo}
        max={500}
      />
    </ActionFormFrame>
  );
}
