import { useEffect, useState } from "react";
import { eventLabelList, type Label } from "../../../contract/eventActions.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";

// A refusal (a role that cannot read the event list) only leaves the label choice empty.
const QUIET = { manual: true, reportUnexpected: true } as const;

/** The tenant's labels the CSV update can register or take off; empty until (unless) they arrive. */
export function useTenantLabels(): Label[] {
  const run = useRunCall();
  const [labels, setLabels] = useState<Label[]>([]);
  useEffect(() => {
    let live = true;
    run(eventLabelList, {}, QUIET)
      .then((outcome) => {
        if (live && outcome.ok) setLabels(outcome.result.labels);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [run]);
  return labels;
}
