import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MANUAL_RESULT_CALLS } from "../../../../contract/eventActions.ts";
import { MANUAL_RESULT } from "../../../../contract/screening.ts";
import { type FieldErrors, focusFirstInvalid, validateForm } from "../../../ui/fieldErrors.ts";
import { ActionFormFrame } from "./ActionFormFrame.tsx";
import type { ActionFormProps } from "./actionFormProps.ts";
import { DialogMemoField, DialogTextField } from "./DialogFields.tsx";
import { LabelChoices } from "./LabelChoices.tsx";
import { useReportInput } from "./useReportInput.ts";

const CALL = {
  ok: MANUAL_RESULT_CALLS[MANUAL_RESULT.ok],
  ng: MANUAL_RESULT_CALLS[MANUAL_RESULT.ng],
  hold: MANUAL_RESULT_CALLS[MANUAL_RESULT.hold],
};

/**
 * Manual result OK, NG or HOLD with reason (NG requires one; the tenant's usual reasons for the result
 * are offered as it is typed), memo and labels. The labels saved replace the event's, so they start as
 * the event's: a result given without touching them keeps them.
 */
export function ManualResultForm({
  result,
  currentLabelIds,
  ...props
}: ActionFormProps & { result: "ok" | "ng" | "hold"; currentLabelIds: readonly string[] }) {
  const { t } = useTranslation("eventDetail");
  const form = useRef<HTMLFormElement>(null);
  const start = props.draft?.action === result ? props.draft : null;
  const [reason, setReason] = useState(start?.reason ?? "");
  const [memo, setMemo] = useState(start?.memo ?? "");
  const [labelIds, setLabelIds] = useState<string[]>(start?.labelIds ?? [...currentLabelIds]);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const errors = { ...props.serverErrors, ...clientErrors };
  useReportInput({ action: result, reason, memo, labelIds }, props.input);

  const submit = () => {
    const checked = validateForm(CALL[result].request, {
      eventId: props.eventId,
      version: props.version,
      reason,
      memo,
      labelIds,
    });
    if (!checked.ok) {
      setClientErrors(checked.errors);
      queueMicrotask(() => focusFirstInvalid(form.current));
      return;
    }
    setClientErrors({});
    props.submit({ action: result, reason, memo, labelIds });
  };

  return (
    <ActionFormFrame
      formRef={form}
      onSubmit={submit}
      onCancel={props.cancel}
      formError={props.serverFormError}
      busy={props.busy}
    >
      <DialogTextField
        id="event-dialog-reason"
        label={t("fields.reason")}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        required={result === "ng"}
        suggestions={props.options.reasons}
      />
      <DialogMemoField
        id="event-dialog-memo"
        label={t("fields.memo")}
        value={memo}
        onChange={setMemo}
        error={errors.memo}
        max={500}
      />
      <LabelChoices
        labels={props.options.labels}
        chosen={labelIds}
        onChange={setLabelIds}
        error={errors.labelIds}
      />
    </ActionFormFrame>
  );
}
