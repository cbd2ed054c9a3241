import type { AnyStateMachine } from "xstate";
import type { MACHINES, MachineName } from "../../../machines/index.ts";
import type { MachineWalk } from "../support/walkTypes.ts";
import { allowedIpEditWalk } from "./allowedIpEditWalk.ts";
import { apiConnectionWalk } from "./apiConnectionWalk.ts";
import { auditLogWalk } from "./auditLogWalk.ts";
import { authWalk } from "./authWalk.ts";
import { callProgressWalk } from "./callProgressWalk.ts";
import { confirmDialogWalk } from "./confirmDialogWalk.ts";
import { csvExportWalk } from "./csvExportWalk.ts";
import { csvJobPollingWalk } from "./csvJobPollingWalk.ts";
import { csvUploadFormWalk } from "./csvUploadFormWalk.ts";
import { displayFormatEditWalk } from "./displayFormatEditWalk.ts";
import { eventDetailWalk } from "./eventDetailWalk.ts";
import { eventSearchWalk } from "./eventSearchWalk.ts";
import { listAddFormWalk } from "./listAddFormWalk.ts";
import { listSearchWalk } from "./listSearchWalk.ts";
import { manualScreeningWalk } from "./manualScreeningWalk.ts";
import { menuPermissionsWalk } from "./menuPermissionsWalk.ts";
import { negativeAddWalk } from "./negativeAddWalk.ts";
import { negativeDetailWalk } from "./negativeDetailWalk.ts";
import { negativeListWalk } from "./negativeListWalk.ts";
import { notificationsWalk } from "./notificationsWalk.ts";
import { operatorDetailWalk } from "./operatorDetailWalk.ts";
import { operatorFormWalk } from "./operatorFormWalk.ts";
import { operatorListWalk } from "./operatorListWalk.ts";
import { releasedRuleListWalk } from "./releasedRuleListWalk.ts";
import { reportWalk } from "./reportWalk.ts";
import { roleEditorWalk } from "./roleEditorWalk.ts";
import { uploadHistoryWalk } from "./uploadHistoryWalk.ts";

type MachineNamed<N extends MachineName> = Extract<(typeof MACHINES)[number], { name: N }>["machine"];

/** The walk of every registered machine: a machine added to the registry does not compile without one. */
export const WALKS: { readonly [N in MachineName]: MachineWalk<MachineNamed<N>> } = {
  authMachine: authWalk,
  callProgressMachine: callProgressWalk,
  confirmDialogMachine: confirmDialogWalk,
  notificationsMachine: notificationsWalk,
  menuPermissionsMachine: menuPermissionsWalk,
  apiConnectionMachine: apiConnectionWalk,
  releasedRuleListMachine: releasedRuleListWalk,
  displayFormatEditMachine: displayFormatEditWalk,
  eventDetailMachine: eventDetailWalk,
  manualScreeningMachine: manualScreeningWalk,
  eventSearchMachine: eventSearchWalk,
  csvExportMachine: csvExportWalk,
  allowedIpEditMachine: allowedIpEditWalk,
  roleEditorMachine: roleEditorWalk,
  csvJobPollingMachine: csvJobPollingWalk,
  csvUploadFormMachine: csvUploadFormWalk,
  operatorListMachine: operatorListWalk,
  operatorFormMachine: operatorFormWalk,
  operatorDetailMachine: operatorDetailWalk,
  reportMachine: reportWalk,
  negativeListMachine: negativeListWalk,
  negativeDetailMachine: negativeDetailWalk,
  negativeAddMachine: negativeAddWalk,
  uploadHistoryMachine: uploadHistoryWalk,
  auditLogMachine: auditLogWalk,
  listSearchMachine: listSearchWalk,
  listAddFormMachine: listAddFormWalk,
};

/** The walk of one machine, typed for the machine-agnostic support code. */
export const walkOf = (name: MachineName): MachineWalk<AnyStateMachine> => WALKS[name];
