import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import {
  type ConfirmSaveInput,
  type DeleteRoleInput,
  roleEditorMachine,
  type SaveRoleInput,
} from "../../../../../machines/admin/roleEditorMachine.ts";
import { ERROR } from "../../../../contract/errors.ts";
import { roleAdd, roleDelete, roleEdit, roleList } from "../../../../contract/roles.ts";
import { SCREEN_IDS } from "../../../../contract/screens.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";

/** The role list's workflow (machines/admin/roleEditorMachine.ts). */
export const RoleEditorActor = createActorContext(roleEditorMachine);

// The screen shows these refusals beside the form or the list, in the server's words; any other
// goes the usual way (spec section 8).
const SHOWN_HERE = {
  handledHere: [
    ERROR.validation,
    ERROR.duplicate,
    ERROR.conflict,
    ERROR.lastAdministrator,
    ERROR.roleInUse,
    ERROR.standardRole,
  ],
} as const;

const permissionsOf = (draft: SaveRoleInput) =>
  SCREEN_IDS.map((screenId) => ({ screenId, permission: draft.permissions[screenId] }));

export function RoleEditorProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    roleEditorMachine.provide({
      actors: {
        loadRoles: fromPromise(() => run(roleList, {})),
        confirmSave: fromPromise(({ input, signal }: { input: ConfirmSaveInput; signal: AbortSignal }) =>
          confirm(input.creating ? "roles:registerConfirm" : "roles:updateConfirm", "yesNo", signal),
        ),
        saveRole: fromPromise(({ input }: { input: SaveRoleInput }) =>
          input.roleId === null
            ? run(roleAdd, { name: input.name, permissions: permissionsOf(input) }, SHOWN_HERE)
            : run(
                roleEdit,
                {
                  roleId: input.roleId,
                  version: input.version,
                  name: input.name,
                  permissions: permissionsOf(input),
                },
                SHOWN_HERE,
              ),
        ),
        confirmDelete: fromPromise(({ signal }) => confirm("roles:deleteConfirm", "yesNo", signal)),
        deleteRole: fromPromise(({ input }: { input: DeleteRoleInput }) =>
          run(roleDelete, { roleId: input.roleId, version: input.version }, SHOWN_HERE),
        ),
      },
    }),
  );
  return <RoleEditorActor.Provider logic={logic}>{children}</RoleEditorActor.Provider>;
}
