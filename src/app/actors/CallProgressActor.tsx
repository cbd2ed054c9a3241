import { createActorContext, shallowEqual } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise, type SnapshotFrom } from "xstate";
import { callProgressMachine } from "../../../machines/call/callProgressMachine.ts";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import type { CallHandling } from "../../client/errorRouting.ts";
import type { CallRequest, CallResult, CallSpec } from "../../contract/call.ts";
import { useRunCall } from "./CallRunner.tsx";

/**
 * Progress of a screen's call (spec section 4). Each screen wraps the part that makes a call in a
 * CallProgressProvider bound to that call; the screen sends `call.start` with the payload as input
 * and reads the tags `busy`, "10" and "20". A nested provider shadows an outer one.
 */
export const CallProgressActor = createActorContext(callProgressMachine);

export function CallProgressProvider<C extends CallSpec>({
  spec,
  handling,
  children,
}: {
  spec: C;
  handling?: CallHandling;
  children: ReactNode;
}) {
  const run = useRunCall();
  const [logic] = useState(() =>
    callProgressMachine.provide({
      actors: {
        execute: fromPromise<CallOutcome<unknown>, unknown>(({ input }) =>
          run(spec, input as CallRequest<C>, handling),
        ),
      },
    }),
  );
  return <CallProgressActor.Provider logic={logic}>{children}</CallProgressActor.Provider>;
}

/** The result of the provider's call once it succeeded, typed by its contract. */
export function callResult<C extends CallSpec>(spec: C, result: unknown): CallResult<C> {
  return spec.response.parse(result) as CallResult<C>;
}

/**
 * The call's progress, named: `busy` while it runs, `accepted` (tag "10") with its `result`,
 * `refused` (tag "20") with its `errors`. Re-renders only when one of these changes.
 */
export function callProgressView(snapshot: SnapshotFrom<typeof callProgressMachine>) {
  return {
    busy: snapshot.hasTag("busy"),
    accepted: snapshot.hasTag("10"),
    refused: snapshot.hasTag("20"),
    result: snapshot.context.result,
    errors: snapshot.context.errors,
  };
}

export function useCallProgressView() {
  return CallProgressActor.useSelector(callProgressView, shallowEqual);
}
