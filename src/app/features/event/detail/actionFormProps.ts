import type { ActionValues, EditOptions } from "../../../../../machines/event/manualScreeningMachine.ts";
import type { FieldErrors } from "../../../ui/fieldErrors.ts";

/** What every action form gets from the dialog: the event's key, its choices and the machine's state. */
export interface ActionFormProps {
  eventId: string;
  version: number;
  options: EditOptions;
  /** The values submitted last (back from the confirmation or a refusal), to start from. */
  draft: ActionValues | null;
  /** The server's refusals that name a field; and one about the whole form. */
  serverErrors: FieldErrors;
  serverFormError: string | null;
  busy: boolean;
  submit: (values: ActionValues) => void;
  /** The operator changed the form: what it holds now (useReportInput). */
  input: (values: ActionValues) => void;
  cancel: () => void;
}
