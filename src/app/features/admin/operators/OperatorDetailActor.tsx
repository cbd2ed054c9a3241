import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import {
  type LoadOperatorOutcome,
  operatorDetailMachine,
} from "../../../../../machines/admin/operatorDetailMachine.ts";
import { ERROR } from "../../../../contract/errors.ts";
import { operatorDelete, operatorDetail, operatorUnlock } from "../../../../contract/operators.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { navigateTo } from "../../../navigation.ts";
import { operatorListPath } from "./operatorPaths.ts";

/** The operator detail's workflow (machines/admin/operatorDetailMachine.ts). */
export const OperatorDetailActor = createActorContext(operatorDetailMachine);

// Shown on the screen: an operator not of the company (676), the last administrator, a stale unlock (015).
const SHOWN_HERE = { handledHere: [ERROR.noDataFound, ERROR.lastAdministrator, ERROR.conflict] } as const;

export function OperatorDetailProvider({
  operatorId,
  children,
}: {
  operatorId: number;
  children: ReactNode;
}) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    operatorDetailMachine.provide({
      actors: {
        loadOperator: fromPromise(
          ({ input }: { input: { operatorId: number } }): Promise<LoadOperatorOutcome> =>
            run(operatorDetail, { operatorId: input.operatorId }, SHOWN_HERE),
        ),
        confirmDelete: fromPromise(({ signal }) => confirm("operators:deleteOneConfirm", "yesNo", signal)),
        deleteOperator: fromPromise(({ input }: { input: { operatorId: number } }) =>
          run(operatorDelete, { operatorIds: [input.operatorId] }, SHOWN_HERE),
        ),
        confirmUnlock: fromPromise(({ signal }) => confirm("operators:unlockConfirm", "execute", signal)),
        unlockOperator: fromPromise(({ input }: { input: { operatorId: number; version: number } }) =>
          run(operatorUnlock, input, SHOWN_HERE),
        ),
      },
      actions: { leaveDeleted: () => navigateTo(operatorListPath) },
    }),
  );
  return (
    <OperatorDetailActor.Provider logic={logic} options={{ input: { operatorId } }}>
      {children}
    </OperatorDetailActor.Provider>
  );
}
