import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import { callProgressMachine } from "../../../machines/call/callProgressMachine.ts";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import { sessionInfo } from "../../contract/auth.ts";
import { useRunCall } from "./CallRunner.tsx";

/**
 * Company, operator and trial of the current session for the top bar: the call-progress machine
 * bound to sessionInfo, kept apart from the screens' own calls.
 */
export const SessionInfoActor = createActorContext(callProgressMachine);

export function SessionInfoProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const [logic] = useState(() =>
    callProgressMachine.provide({
      actors: {
        // A top-bar detail: failures show a notice and leave the default names in place.
        execute: fromPromise<CallOutcome<unknown>, unknown>(() =>
          run(sessionInfo, undefined, { noTransition: true, reportUnexpected: true }),
        ),
      },
    }),
  );
  return <SessionInfoActor.Provider logic={logic}>{children}</SessionInfoActor.Provider>;
}
