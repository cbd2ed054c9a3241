import { mayOn, type ScreenPermissions } from "../../session/screenAccess.ts";

/**
 * The operator screens' actions a role may take, each by the screen its server call checks
 * (src/contract/operators.ts): Register by OperatorAdd, the list's selection and every Delete by
 * OperatorList (operatorDelete), Edit by OperatorEdit, Unlock by OperatorDetail (write), and a name
 * links to the detail when OperatorDetail is readable. An action the role may not take is not shown.
 */
export const operatorActions = (permissions: ScreenPermissions) => ({
  register: mayOn(permissions, "OperatorAdd", "write"),
  remove: mayOn(permissions, "OperatorList", "write"),
  openDetail: mayOn(permissions, "OperatorDetail", "read"),
  edit: mayOn(permissions, "OperatorEdit", "write"),
  unlock: mayOn(permissions, "OperatorDetail", "write"),
});

/** The role list: create, edit and delete all call OperatorRoleList (write); readable shows the table only. */
export const roleActions = (permissions: ScreenPermissions) => ({
  writable: mayOn(permissions, "OperatorRoleList", "write"),
});

/** /AllowedIpAddress: readable shows the saved lists without add, delete, Revert or Update. */
export const allowedIpActions = (permissions: ScreenPermissions) => ({
  writable: mayOn(permissions, "AllowedIpAddress", "write"),
});
