import { useRef, useState } from "react";
import { ActionFormFrame } from "./ActionFormFrame.tsx";
import type { ActionFormProps } from "./actionFormProps.ts";
import { LabelChoices } from "./LabelChoices.tsx";
import { useReportInput } from "./useReportInput.ts";

/** Update label: the event's labels among the tenant's (a tenant without labels never gets here: 914). */
export function LabelForm(props: ActionFormProps & { currentLabelIds: readonly string[] }) {
  const form = useRef<HTMLFormElement>(null);
  const [labelIds, setLabelIds] = useState<string[]>(
    props.draft?.action === "label" ? props.draft.labelIds : [...props.currentLabelIds],
  );
  useReportInput({ action: "label", labelIds }, props.input);
  return (
    <ActionFormFrame
      formRef={form}
      onSubmit={() => props.submit({ action: "label", labelIds })}
      onCancel={props.cancel}
      formError={props.serverFormError}
      busy={props.busy}
    >
      <LabelChoices
        labels={props.options.labels}
        chosen={labelIds}
        onChange={setLabelIds}
        error={props.serverErrors.labelIds}
      />
    </ActionFormFrame>
  );
}
