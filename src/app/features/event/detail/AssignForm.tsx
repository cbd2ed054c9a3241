import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Assignee } from "../../../../contract/eventActions.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { ActionFormFrame } from "./ActionFormFrame.tsx";
import type { ActionFormProps } from "./actionFormProps.ts";
import { DIALOG_SELECT_CLASSES } from "./DialogFields.tsx";
import { useReportInput } from "./useReportInput.ts";

/**
 * Register screening assignee: one of the tenant's operators who may screen the event, or nobody
 * (unassign). The current assignee is listed even if its role no longer may screen, so the field
 * shows the event as it is.
 */
export function AssignForm(props: ActionFormProps & { current: Assignee | null }) {
  const { t } = useTranslation("eventDetail");
  const form = useRef<HTMLFormElement>(null);
  const { current } = props;
  const start = props.draft?.action === "assign" ? props.draft.assigneeId : (current?.operatorId ?? null);
  const [assignee, setAssignee] = useState(start === null ? "" : String(start));
  const chosen = { action: "assign", assigneeId: assignee === "" ? null : Number(assignee) } as const;
  useReportInput(chosen, props.input);
  const listed = props.options.assignees;
  const operators =
    current && !listed.some((operator) => operator.operatorId === current.operatorId)
      ? [current, ...listed]
      : listed;
  const options = [
    { value: "", label: t("unassigned") },
    ...operators.map((operator) => ({
      value: String(operator.operatorId),
      label: operator.operatorName,
    })),
  ];
  return (
    <ActionFormFrame
      formRef={form}
      onSubmit={() => props.submit(chosen)}
      onCancel={props.cancel}
      formError={props.serverFormError}
      busy={props.busy}
    >
      <SelectField
        classes={DIALOG_SELECT_CLASSES}
        id="event-dialog-assignee"
        label={t("fields.assignee")}
        value={assignee}
        options={options}
        onChange={setAssignee}
        error={props.serverErrors.assigneeId}
      />
    </ActionFormFrame>
  );
}
