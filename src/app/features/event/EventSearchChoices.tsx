import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import {
  type Assignee,
  eventAssigneeList,
  eventLabelList,
  type Label,
} from "../../../contract/eventActions.ts";
import { eventModelList } from "../../../contract/eventSearch.ts";
import type { DetectionModel } from "../../../contract/releasedRules.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";

/**
 * What the detailed search offers to choose from: the tenant's labels, the operators events can be
 * assigned to and the tenant's detection models. Each list is null until it arrives; one that cannot be loaded stays null and the form
 * shows the rest of its fields.
 */
export interface EventSearchChoices {
  labels: Label[] | null;
  assignees: Assignee[] | null;
  models: DetectionModel[] | null;
}

const NONE: EventSearchChoices = { labels: null, assignees: null, models: null };
const ChoicesContext = createContext<EventSearchChoices>(NONE);

// A refusal only leaves the choice out; a failure shows 697 (reload) but keeps the operator on the list.
const QUIET = { manual: true, reportUnexpected: true } as const;

export function EventSearchChoicesProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const [choices, setChoices] = useState<EventSearchChoices>(NONE);
  useEffect(() => {
    let live = true;
    const settle = <T,>(promise: Promise<T>) => promise.catch(() => null);
    void settle(run(eventLabelList, {}, QUIET)).then((outcome) => {
      if (live && outcome?.ok) setChoices((now) => ({ ...now, labels: outcome.result.labels }));
    });
    void settle(run(eventAssigneeList, {}, QUIET)).then((outcome) => {
      if (live && outcome?.ok) setChoices((now) => ({ ...now, assignees: outcome.result.assignees }));
    });
    void settle(run(eventModelList, {}, QUIET)).then((outcome) => {
      if (live && outcome?.ok) setChoices((now) => ({ ...now, models: outcome.result.models }));
    });
    return () => {
      live = false;
    };
  }, [run]);
  return <ChoicesContext.Provider value={choices}>{children}</ChoicesContext.Provider>;
}

export const useEventSearchChoices = (): EventSearchChoices => useContext(ChoicesContext);
