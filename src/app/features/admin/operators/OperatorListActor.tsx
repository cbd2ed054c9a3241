import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import {
  type LoadOperatorsInput,
  operatorListMachine,
} from "../../../../../machines/admin/operatorListMachine.ts";
import { ERROR } from "../../../../contract/errors.ts";
import { operatorDelete, operatorList } from "../../../../contract/operators.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";

/** The operator list's workflow (machines/admin/operatorListMachine.ts). */
export const OperatorListActor = createActorContext(operatorListMachine);

// A delete refused because it would leave no administrator is shown beside the list, not as a
// system error; a filter the server refuses (too long) is shown in place too.
const SHOWN_HERE = { handledHere: [ERROR.lastAdministrator, ERROR.validation] } as const;

export function OperatorListProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    operatorListMachine.provide({
      actors: {
        loadOperators: fromPromise(({ input }: { input: LoadOperatorsInput }) =>
          run(operatorList, input, SHOWN_HERE),
        ),
        // The shared dialog with Yes and No (spec section 2: operator delete); withdrawn when the
        // screen is left while it asks.
        confirmDelete: fromPromise(({ signal }) => confirm("operators:deleteConfirm", "yesNo", signal)),
        deleteOperators: fromPromise(({ input }: { input: { operatorIds: number[] } }) =>
          run(operatorDelete, { operatorIds: input.operatorIds }, SHOWN_HERE),
        ),
      },
    }),
  );
  return <OperatorListActor.Provider logic={logic}>{children}</OperatorListActor.Provider>;
}
