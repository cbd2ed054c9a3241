import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import { apiConnectionMachine } from "../../../machines/apiConnection/apiConnectionMachine.ts";
import { apiConnectionInfo, apiSecretReveal, apiSecretRotate } from "../../contract/apiConnection.ts";
import { useRunCall } from "./CallRunner.tsx";
import { useConfirm } from "./ConfirmDialogActor.tsx";

/** The API connection information screen's workflow (machines/apiConnection). */
export const ApiConnectionActor = createActorContext(apiConnectionMachine);

export function ApiConnectionProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    apiConnectionMachine.provide({
      actors: {
        loadInfo: fromPromise(() => run(apiConnectionInfo, {})),
        revealSecret: fromPromise(() => run(apiSecretReveal, {})),
        // The shared confirmation dialog, with Execute and Cancel.
        confirmRotate: fromPromise(() => confirm("apiConnection:rotateConfirm", "execute")),
        rotateSecret: fromPromise(() => run(apiSecretRotate, {})),
      },
    }),
  );
  return <ApiConnectionActor.Provider logic={logic}>{children}</ApiConnectionActor.Provider>;
}
