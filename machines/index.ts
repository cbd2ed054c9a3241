import type { AnyStateMachine } from "xstate";
import { allowedIpEditMachine } from "./admin/allowedIpEditMachine.ts";
import { apiConnectionMachine } from "./apiConnection/apiConnectionMachine.ts";
import { authMachine } from "./auth/authMachine.ts";
import { callProgressMachine } from "./call/callProgressMachine.ts";
import { csvJobPollingMachine } from "./csv/csvJobPollingMachine.ts";
import { csvUploadFormMachine } from "./csv/csvUploadFormMachine.ts";
import { confirmDialogMachine } from "./dialog/confirmDialogMachine.ts";
import { csvExportMachine } from "./event/csvExportMachine.ts";
import { displayFormatEditMachine } from "./event/displayFormatEditMachine.ts";
import { eventDetailMachine } from "./event/eventDetailMachine.ts";
import { eventSearchMachine } from "./event/eventSearchMachine.ts";
import { manualScreeningMachine } from "./event/manualScreeningMachine.ts";
import { listAddFormMachine } from "./lists/listAddFormMachine.ts";
import { listSearchMachine } from "./lists/listSearchMachine.ts";
import { menuPermissionsMachine } from "./menu/menuPermissionsMachine.ts";
import { notificationsMachine } from "./notifications/notificationsMachine.ts";
import { releasedRuleListMachine } from "./rules/releasedRuleListMachine.ts";

export {
  allowedIpEditMachine,
  apiConnectionMachine,
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
  notificationsMachine,
  releasedRuleListMachine,
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
