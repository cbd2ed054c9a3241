import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import { eventSearchMachine, type LoadPageInput } from "../../../../machines/event/eventSearchMachine.ts";
import { type EventSearch, eventCount, eventList, eventSelectAll } from "../../../contract/eventSearch.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";
import { preferredPageSize } from "./pageSizePreference.ts";

/** The event list's workflow (machines/event/eventSearchMachine.ts). */
export const EventSearchActor = createActorContext(eventSearchMachine);

// The list shows these refusals itself: 676 as its empty state, field errors at the fields, the
// split-period dialog and the several-models message beside the selection, a count's failure
// where the total goes. A call that fails outright (the network) says 697 there and in a notice,
// and the list stays with its search, the page shown and the ticks: the operator tries again.
const SHOWN_ON_SCREEN = { manual: true, reportUnexpected: true } as const;
// The count runs behind the rows shown (a background call: no overlay), so the operator can open one
// meanwhile.
const COUNT_HANDLING = { ...SHOWN_ON_SCREEN, background: true } as const;

export function EventSearchProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const [logic] = useState(() =>
    eventSearchMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }: { input: LoadPageInput }) =>
          run(
            eventList,
            { search: input.search, pageSize: input.pageSize, cursor: input.cursor },
            SHOWN_ON_SCREEN,
          ),
        ),
        selectAll: fromPromise(({ input }: { input: { search: EventSearch } }) =>
          run(eventSelectAll, { search: input.search }, SHOWN_ON_SCREEN),
        ),
        countTotal: fromPromise(({ input }: { input: { search: EventSearch } }) =>
          run(eventCount, { search: input.search }, COUNT_HANDLING),
        ),
      },
    }),
  );
  const [input] = useState(() => ({ pageSize: preferredPageSize() }));
  return (
    <EventSearchActor.Provider logic={logic} options={{ input }}>
      {children}
    </EventSearchActor.Provider>
  );
}
