import type { AnyStateMachine } from "xstate";
import { allowedIpEditMachine } from "./admin/allowedIpEditMachine.ts";
import { auditLogMachine } from "./admin/auditLogMachine.ts";
import { operatorDetailMachine } from "./admin/operatorDetailMachine.ts";
import { operatorFormMachine } from "./admin/operatorFormMachine.ts";
import { operatorListMachine } from "./admin/operatorListMachine.ts";
import { roleEditorMachine } from "./admin/roleEditorMachine.ts";
import { apiConnectionMachine } from "./apiConnection/apiConnectionMachine.ts";
import { authMachine } from "./auth/authMachine.ts";
import { callProgressMachine } from "./call/callProgressMachine.ts";
import { csvJobPollingMachine } from "./csv/csvJobPollingMachine.ts";
import { csvUploadFormMachine } from "./csv/csvUploadFormMachine.ts";
import { uploadHistoryMachine } from "./csv/uploadHistoryMachine.ts";
import { confirmDialogMachine } from "./dialog/confirmDialogMachine.ts";
import { csvExportMachine } from "./event/csvExportMachine.ts";
import { displayFormatEditMachine } from "./event/displayFormatEditMachine.ts";
import { eventDetailMachine } from "./event/eventDetailMachine.ts";
import { eventSearchMachine } from "./event/eventSearchMachine.ts";
import { manualScreeningMachine } from "./event/manualScreeningMachine.ts";
import { listAddFormMachine } from "./lists/listAddFormMachine.ts";
import { listSearchMachine } from "./lists/listSearchMachine.ts";
import { negativeAddMachine } from "./lists/negativeAddMachine.ts";
import { negativeDetailMachine } from "./lists/negativeDetailMachine.ts";
import { negativeListMachine } from "./lists/negativeListMachine.ts";
import { menuPermissionsMachine } from "./menu/menuPermissionsMachine.ts";
import { notificationsMachine } from "./notifications/notificationsMachine.ts";
import { reportMachine } from "./report/reportMachine.ts";
import { releasedRuleListMachine } from "./rules/releasedRuleListMachine.ts";

export {
  allowedIpEditMachine,
  apiConnectionMachine,
  auditLogMachine,
  authMachine,
  callProgressMachine,
  confirmDialogMachine,
  csvExportMachine,
  csvJobPollingMachine,
  csvUploadFormMachine,
  displayFormatEditMachine,
  eventDetailMachine,
  eventSearchMachine,
  listAddFormMachine,
  listSearchMachine,
  manualScreeningMachine,
  menuPermissionsMachine,
  negativeAddMachine,
  negativeDetailMachine,
  negativeListMachine,
  notificationsMachine,
  operatorDetailMachine,
  operatorFormMachine,
  operatorListMachine,
  releasedRuleListMachine,
  reportMachine,
  roleEditorMachine,
  uploadHistoryMachine,
};

export interface RegisteredMachine {
  /** File stem of docs/machines/<name>.md and the key the coverage guard reports under. */
  name: string;
  title: string;
  description: string;
  machine: AnyStateMachine;
}

/**
 * Every machine of the console. The diagram export and the coverage guard iterate this list, so a
 * machine added here gets a diagram and must be fully walked by its tests.
 */
export const MACHINES = [
  {
    name: "authMachine",
    title: "Authentication",
    description:
      "Restores the stored login, signs in and out, and signs out when the session expires or another tab changes the stored operator (spec sections 3 and 4).",
    machine: authMachine,
  },
  {
    name: "callProgressMachine",
    title: "Call progress",
    description:
      "One API call's progress for any screen: initial, executing, 10 success, 20 error (spec section 4).",
    machine: callProgressMachine,
  },
  {
    name: "confirmDialogMachine",
    title: "Confirmation dialog",
    description:
      "Confirmation before register, update, edit and delete; the next processing waits for the 50 ms closing delay (spec section 2).",
    machine: confirmDialogMachine,
  },
  {
    name: "notificationsMachine",
    title: "Notifications",
    description:
      "Notifications shown at once or queued for after navigation, each dismissed after its colour's timeout (spec sections 4 and 9).",
    machine: notificationsMachine,
  },
  {
    name: "menuPermissionsMachine",
    title: "Menu permissions",
    description:
      "Loads the operator's permission per menu screen; the menu is shown only once they are ready (spec sections 2 and 6).",
    machine: menuPermissionsMachine,
  },
  {
    name: "apiConnectionMachine",
    title: "API connection information",
    description:
      "Loads the company's API connection info, reveals and hides the secret key, and reissues it after the confirmation dialog (spec section 2).",
    machine: apiConnectionMachine,
  },
  {
    name: "releasedRuleListMachine",
    title: "Released rule list",
    description:
      "Loads the detection models and the rules in force for the chosen one (676 without a release), and saves them as a CSV file (spec section 2).",
    machine: releasedRuleListMachine,
  },
  {
    name: "eventSearchMachine",
    title: "Event list search",
    description:
      "Searches events (quick or detailed), pages by keyset cursor, keeps a selection within one screening model (select all up to 150,000, else the split-period dialog) and opens CSV output for it (spec section 2, issue 4).",
    machine: eventSearchMachine,
  },
  {
    name: "eventDetailMachine",
    title: "Event detail",
    description:
      "Loads an event with the operator's display format and action permissions (963 when unknown), its previous and next events within the list's search, and takes a save's fresh detail (spec section 2, issue 4).",
    machine: eventDetailMachine,
  },
  {
    name: "manualScreeningMachine",
    title: "Manual screening",
    description:
      "Every action of the event detail (OK, NG, HOLD, negative, memo, assignee, labels): edit lock, dialog, confirmation, save against the seen version; 015 reloads, 688/999/1000 read-only, field errors stay in the dialog (spec sections 2 and 4, issue 4).",
    machine: manualScreeningMachine,
  },
  {
    name: "displayFormatEditMachine",
    title: "Event detail display customisation edit",
    description:
      "Edits the operator's event detail layout in four modes (event property, item category, fixed items, other) as a draft over the saved one: cancel reverts, save and reset per mode through the confirmation dialog, leaving with unsaved changes asks first (spec section 2, issue 4).",
    machine: displayFormatEditMachine,
  },
  {
    name: "csvExportMachine",
    title: "Event CSV output",
    description:
      "Requests the CSV output of the selected events as a background job (notice 008), polls its state until the file is ready (download link and success notice) or failed; leaving stops the polling (spec section 2, issue 4).",
    machine: csvExportMachine,
  },
  {
    name: "allowedIpEditMachine",
    title: "Allowed IP address edit",
    description:
      "Loads the console and API allowed IP lists, edits a draft of each (rows checked by the contract's rules), reverts a list to the saved one, and saves one list after the confirmation dialog; refusals (validation, self-lockout, 015) stay in editing with their errors, an exception offers a retry (spec section 2).",
    machine: allowedIpEditMachine,
  },
  {
    name: "roleEditorMachine",
    title: "Role editor",
    description:
      "Loads the roles, creates a role or edits a custom one (name, each screen writable, readable or not available) and deletes a custom role, each after the confirmation dialog; refusals (role in use, last administrator, 015) stay with their errors, an exception offers a retry (spec section 2, issue 41).",
    machine: roleEditorMachine,
  },
  {
    name: "csvJobPollingMachine",
    title: "CSV upload job polling",
    description:
      "Follows a CSV upload job: waits, asks its state and routes on it (queued and running poll again; done, done with errors and failed end); a failed call says 991 and a job past the maximum wait 993, each with a retry of the failed step; leaving stops the polling (spec sections 5 and 7, issue 39).",
    machine: csvJobPollingMachine,
  },
  {
    name: "csvUploadFormMachine",
    title: "CSV upload form",
    description:
      "Chooses a CSV file (required, .csv) and the options, uploads it after the confirmation dialog and ends with the job's id; a refusal shows its errors in the form, an exception offers a retry (spec sections 5 and 7, issue 39).",
    machine: csvUploadFormMachine,
  },
  {
    name: "operatorListMachine",
    title: "Operator list",
    description:
      "Searches the company's operators by name, e-mail and role, pages through them (page-size choice, default 200), selects rows, all search results or none, and deletes the selected after the Yes/No dialog (003; the last administrator refused) (spec section 2, issue 41).",
    machine: operatorListMachine,
  },
  {
    name: "operatorFormMachine",
    title: "Operator add and edit",
    description:
      "Loads the role choices (and the operator to edit), checks name, e-mail and role by the contract's rules, saves after the Yes/No dialog (009 add, 002 edit); refusals stay in the form, 015 waits for a reload, an exception offers a retry (spec sections 2 and 5, issue 41).",
    machine: operatorFormMachine,
  },
  {
    name: "operatorDetailMachine",
    title: "Operator detail",
    description:
      "Loads one operator read-only, deletes them after the Yes/No dialog and unlocks a password lock after the confirmation at the version shown (015 reloads) (spec section 2, issue 41).",
    machine: operatorDetailMachine,
  },
  {
    name: "reportMachine",
    title: "Screening result report",
    description:
      "Loads the detection models and the report (monthly or daily, one model or each, the period or its default), the rule hit statistics when their tab opens, and saves either as a CSV file (spec section 2, issue 42).",
    machine: reportMachine,
  },
  {
    name: "negativeListMachine",
    title: "Negative list",
    description:
      "Searches negative entries by item type, values and update dates, pages by keyset (the positions of the pages shown kept for Previous), ticks rows or every result, deletes them after the confirmation (003) and outputs every result as CSV after another: a background job followed by the CSV job polling (991 / 993 with a retry), then its download link (005; 992 when there is no file) (spec sections 2 and 7, issue 40).",
    machine: negativeListMachine,
  },
  {
    name: "negativeDetailMachine",
    title: "Negative detail",
    description:
      "Loads one negative entry (963 when gone) with its 90-day matching event count, deletes it after the confirmation and goes back to the list with its search (spec section 2, issue 40).",
    machine: negativeDetailMachine,
  },
  {
    name: "negativeAddMachine",
    title: "Negative quick registration",
    description:
      "The quick registration form: item type, one value per line, categories, expiry and note; registers after the confirmation (001, the values emptied); a refusal keeps the form with each bad line's message (spec sections 2 and 5, issue 40).",
    machine: negativeAddMachine,
  },
  {
    name: "uploadHistoryMachine",
    title: "CSV upload history",
    description:
      "Lists a history screen's upload jobs within the request date range, a page at a time; asks again while a job is queued or running; Download asks for the uploaded or result file's link (992 when refused) (spec sections 2 and 3, issue 39).",
    machine: uploadHistoryMachine,
  },
  {
    name: "auditLogMachine",
    title: "Audit log",
    description:
      "Loads the operator filter's choices and the newest page of the tenant's audit rows, applies a filter (date range, operator, action), pages by keyset cursor forwards and back, and saves the filtered rows as a CSV file in UTF-8 or CP932 (issue 41).",
    machine: auditLogMachine,
  },
  {
    name: "listSearchMachine",
    title: "List search and delete",
    description:
      "Searches a list (white entries, keywords, keyword categories): rows or 676, selection one by one or all, delete of the selection after the Yes/No confirmation, then the same search again (spec section 2, issue 40).",
    machine: listSearchMachine,
  },
  {
    name: "listAddFormMachine",
    title: "List registration form",
    description:
      "Registers white entries or keywords: the contract's rules first (the spec's messages in the form), then the Yes/No confirmation, then the save (001) and back to the list; a refusal or an exception stays in the form (spec sections 2 and 5, issue 40).",
    machine: listAddFormMachine,
  },
] as const satisfies readonly RegisteredMachine[];

export type MachineName = (typeof MACHINES)[number]["name"];
