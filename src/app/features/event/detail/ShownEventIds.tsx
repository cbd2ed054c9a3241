import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { EVENT_FIELD_LABELS } from "../../../../contract/eventFields.ts";
import { currentLang } from "../../../i18n/i18n.ts";

/**
 * Which event this is, in the bar that stays in view: its event ID and the shop's own ID, so an
 * analyst stepping through the search with Next, or far down the sections, never loses track.
 */
export function ShownEventIds({ detail }: { detail: EventDetail }) {
  const labels = EVENT_FIELD_LABELS[currentLang()];
  return (
    <dl className="shown-event-ids">
      <div className="shown-event-id">
        <dt>{labels.eventId}</dt>
        <dd>{detail.basic.eventId}</dd>
      </div>
      <div className="shown-event-id">
        <dt>{labels.shopEventId}</dt>
        <dd>{detail.basic.shopEventId}</dd>
      </div>
    </dl>
  );
}
