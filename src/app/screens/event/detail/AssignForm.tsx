import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../ui/SelectField.tsx";
import { ActionFormFrame } from "./ActionFormFrame.tsx";
import type { ActionFormProps } from "./actionFormProps.ts";
import { DIALOG_SELECT_CLASSES } from "./DialogFields.tsx";

/** Register screening assignee: one of the tenant's operators, or nobody (unassign). */
export function AssignForm(props: ActionFormProps & { currentAssigneeId: number | null }) {
  const { t } = useTranslation("eventDetail");
  const form = useRef<HTMLFormElement>(null);
  const start = props.draft?.action === "assign" ? props.draft.assigneeId : props.currentAssigneeId;
  const [assignee, setAssignee] = useState(start === null ? "" : String(start));
  const options = [
    { value: "", label: t("unassigned") },
    ...props.options.assignees.map((operator) => ({
      value: String(operator.operatorId),
      label: operator.operatorName,
    })),
  ];
  return (
    <ActionFormFrame
      formRef={form}
      onSubmit={() =>
        props.submit({ action: "assign", assigneeId: assignee === "" ? null : Number(assignee) })
      }
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
