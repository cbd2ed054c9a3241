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
