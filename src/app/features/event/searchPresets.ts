import { type DetailSearch, EMPTY_DETAIL_SEARCH, MANUAL_RESULT_NONE } from "../../../contract/eventSearch.ts";

/**
 * The review queue: the events the engine left to a human (automatic result REVIEW or HOLD) that
 * have no manual result yet. An ordinary detailed search, so the form shows what it chose and the
 * URL can be bookmarked.
 */
export const AWAITING_MANUAL_SCREENING: DetailSearch = {
  ...EMPTY_DETAIL_SEARCH,
  aaresult: ["REVIEW", "HOLD"],
  maresult: [MANUAL_RESULT_NONE],
};

/**
 * An operator's own queue: the events assigned to them that have no manual result yet, whatever the
 * engine decided. Also an ordinary detailed search (assignee and manual result chosen in the form).
 */
export const assignedToMe = (operatorId: string): DetailSearch => ({
  ...EMPTY_DETAIL_SEARCH,
  maresult: [MANUAL_RESULT_NONE],
  assigneeId: operatorId,
});
