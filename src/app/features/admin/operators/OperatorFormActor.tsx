import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import {
  type LoadFormInput,
  type LoadFormOutcome,
  operatorFormMachine,
  type SaveOperatorInput,
  type SaveOperatorOutcome,
} from "../../../../../machines/admin/operatorFormMachine.ts";
import { ERROR } from "../../../../contract/errors.ts";
import {
  DEFAULT_OPERATOR_PAGE_SIZE,
  operatorAdd,
  operatorDetail,
  operatorEdit,
  operatorList,
} from "../../../../contract/operators.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { navigateTo } from "../../../navigation.ts";
import { operatorDetailPath, operatorListPath } from "./operatorPaths.ts";

/** The operator add / edit form's workflow (machines/admin/operatorFormMachine.ts). */
export const OperatorFormActor = createActorContext(operatorFormMachine);

// Shown in the form: field refusals, a stale version (015, reload offered), the last administrator,
// an operator gone (676). Duplicate is shown by the call runner as well (spec section 8) and stays.
const SHOWN_HERE = {
  handledHere: [ERROR.validation, ERROR.conflict, ERROR.lastAdministrator, ERROR.noDataFound],
} as const;

export function OperatorFormProvider({
  operatorId,
  children,
}: {
  operatorId: number | null;
  children: ReactNode;
}) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    operatorFormMachine.provide({
      actors: {
        // An add needs the role choices only: the list call names them (the roles of the company).
        loadForm: fromPromise(async ({ input }: { input: LoadFormInput }): Promise<LoadFormOutcome> => {
          if (input.operatorId === null) {
            const answer = await run(
              operatorList,
              { name: "", email: "", roleId: "", pageSize: DEFAULT_OPERATOR_PAGE_SIZE, page: 1 },
              SHOWN_HERE,
            );
            return answer.ok
              ? { ok: true, result: { operator: null, roles: answer.result.roles }, messages: [] }
              : answer;
          }
          return run(operatorDetail, { operatorId: input.operatorId }, SHOWN_HERE);
        }),
        confirmSave: fromPromise(({ signal }) =>
          confirm(operatorId === null ? "operators:addConfirm" : "operators:editConfirm", "yesNo", signal),
        ),
        saveOperator: fromPromise(({ input }: { input: SaveOperatorInput }): Promise<SaveOperatorOutcome> => {
          const fields = {
            ...input.fields,
            name: input.fields.name.trim(),
            email: input.fields.email.trim(),
          };
          if (input.operatorId === null || input.version === null)
            return run(operatorAdd, fields, SHOWN_HERE);
          return run(
            operatorEdit,
            { operatorId: input.operatorId, version: input.version, ...fields },
            SHOWN_HERE,
          );
        }),
      },
      actions: {
        // The success notice (009 or 002) is the call's; the list shows the new operator, the detail the edit.
        leaveSaved: ({ context }) =>
          navigateTo(
            context.operatorId === null || context.saved === null
              ? operatorListPath
              : operatorDetailPath(context.saved.operatorId),
          ),
      },
    }),
  );
  return (
    <OperatorFormActor.Provider logic={logic} options={{ input: { operatorId } }}>
      {children}
    </OperatorFormActor.Provider>
  );
}
