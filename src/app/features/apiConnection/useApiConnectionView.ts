import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { apiConnectionMachine } from "../../../../machines/apiConnection/apiConnectionMachine.ts";
import { ApiConnectionActor } from "./ApiConnectionActor.tsx";

type ApiConnectionSnapshot = SnapshotFrom<typeof apiConnectionMachine>;

/** What the API connection screen shows, named, derived from the workflow's snapshot. */
export function apiConnectionView(snapshot: ApiConnectionSnapshot) {
  return {
    info: snapshot.context.info,
    failed: snapshot.matches("error"),
    loading: snapshot.matches("idle") || snapshot.matches("loading"),
    busy: snapshot.hasTag("busy"),
    secretKey: snapshot.context.secretKey,
    // A shown key stays on screen while it is copied.
    revealed: snapshot.matches("revealed") || snapshot.matches("copying"),
    // The key's controls wait for a call and for the reissue confirmation.
    controlsUnavailable: snapshot.hasTag("busy") || snapshot.matches("confirmingRotate"),
    revealing: snapshot.matches("revealing"),
    copying: snapshot.matches("copying"),
    rotating: snapshot.matches("rotating"),
    rotated: snapshot.context.rotated,
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useApiConnectionView() {
  return ApiConnectionActor.useSelector(apiConnectionView, shallowEqual);
}
