import { useEffect } from "react";
import { sessionInfo } from "../../contract/auth.ts";
import { AuthActor } from "../actors/AuthActor.tsx";
import { callResult } from "../actors/CallProgressActor.tsx";
import { SessionInfoActor } from "../actors/SessionInfoActor.tsx";

/** Asks once per page for the company, operator and trial shown in the top bar. */
export function useLoadSessionInfo(): void {
  const signedIn = AuthActor.useSelector((snapshot) => snapshot.matches("signedIn"));
  const initial = SessionInfoActor.useSelector((snapshot) => snapshot.matches("initial"));
  const actor = SessionInfoActor.useActorRef();
  useEffect(() => {
    if (signedIn && initial) actor.send({ type: "call.start", input: {} });
  }, [signedIn, initial, actor]);
}

/** The session info once loaded, else null (the top bar shows default names meanwhile). */
export function useSessionInfo() {
  const result = SessionInfoActor.useSelector((snapshot) =>
    snapshot.hasTag("10") ? snapshot.context.result : null,
  );
  return result === null ? null : callResult(sessionInfo, result);
}
