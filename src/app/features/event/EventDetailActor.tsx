import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import { eventDetailMachine, type LoadDetailOutcome } from "../../../../machines/event/eventDetailMachine.ts";
import { PERMISSION } from "../../../contract/codes.ts";
import { EVENT_ACTION_SCREEN, EVENT_ACTIONS } from "../../../contract/eventActions.ts";
import { eventDetail } from "../../../contract/eventDetail.ts";
import { eventDisplayFormatGet } from "../../../contract/eventDisplayFormat.ts";
import { type EventSearch, eventNeighbours } from "../../../contract/eventSearch.ts";
import { screenPermissionList } from "../../../contract/permissions.ts";
import type { ScreenId } from "../../../contract/screens.ts";
import { type RunCall, useRunCall } from "../../actors/CallRunner.tsx";

/** The event detail's data workflow (machines/event/eventDetailMachine.ts). */
export const EventDetailActor = createActorContext(eventDetailMachine);

// The screen shows refusals itself (963 above all); an exception shows 697 and offers a reload.
const SHOWN_ON_SCREEN = { manual: true, reportUnexpected: true } as const;
const DISPLAY_FORMAT_SCREEN = "EventItemDisplayFormatEdit" satisfies ScreenId;

/**
 * The event, the operator's layout and the actions they may take, asked at once. The permission of
 * each action is that of its dialog screen ID (spec section 6): writable opens it, anything else hides it.
 * "Change displayed items" needs the display customisation screen's permission: not available (20)
 * hides it, as the menu hides an entry.
 */
async function loadDetailScreen(run: RunCall, eventId: string): Promise<LoadDetailOutcome> {
  const [detail, layout, permissions] = await Promise.all([
    run(eventDetail, { eventId }, SHOWN_ON_SCREEN),
    run(eventDisplayFormatGet, {}, SHOWN_ON_SCREEN),
    run(
      screenPermissionList,
      { screenIds: [...Object.values(EVENT_ACTION_SCREEN), DISPLAY_FORMAT_SCREEN] },
      SHOWN_ON_SCREEN,
    ),
  ]);
  if (!detail.ok) return detail;
  if (!layout.ok) return layout;
  if (!permissions.ok) return permissions;
  const writable = new Set(
    permissions.result.screenPermissions
      .filter((entry) => entry.permission === PERMISSION.writable)
      .map((entry) => entry.screenId),
  );
  return {
    ok: true,
    result: {
      detail: detail.result,
      format: layout.result.format,
      writableActions: EVENT_ACTIONS.filter((action) => writable.has(EVENT_ACTION_SCREEN[action])),
      displayFormatAvailable: permissions.result.screenPermissions.some(
        (entry) => entry.screenId === DISPLAY_FORMAT_SCREEN && entry.permission !== PERMISSION.none,
      ),
    },
    messages: [],
  };
}

export function EventDetailProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const [logic] = useState(() =>
    eventDetailMachine.provide({
      actors: {
        loadDetail: fromPromise(({ input }: { input: { eventId: string } }) =>
          loadDetailScreen(run, input.eventId),
        ),
        loadNeighbours: fromPromise(({ input }: { input: { eventId: string; search: EventSearch } }) =>
          run(eventNeighbours, { eventId: input.eventId, search: input.search }, SHOWN_ON_SCREEN),
        ),
      },
    }),
  );
  return <EventDetailActor.Provider logic={logic}>{children}</EventDetailActor.Provider>;
}
