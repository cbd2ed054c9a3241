import type { EventDetail } from "../../../src/contract/eventDetail.ts";
import { DEFAULT_DISPLAY_FORMAT } from "../../../src/contract/eventDisplayFormat.ts";
import { EMPTY_QUICK_SEARCH } from "../../../src/contract/eventSearch.ts";

/** One REVIEW event as the detail call answers it: the walks and the machine tests share it. */
export const reviewEvent: EventDetail = {
  version: 1,
  basic: {
    eventId: "EV0000000001",
    shopEventId: "ORDER-1",
    modelId: "MODEL01",
    modelName: "標準モデル",
    rulePackageId: null,
    authKind: null,
    authStatus: "10",
    aaresult: "REVIEW",
    maresult: null,
    settleStatus: null,
    createdAt: "2026-11-01T01:02:03.000Z",
    requestedAt: "2026-11-01T01:02:00.000Z",
    deadline: null,
    assigneeId: null,
    assigneeName: null,
    totalAmount: 12000,
    limitPrice: null,
    ruleGroupName: "Review",
    amount: 12000,
    method: "card",
    daysToPayment: null,
    tenantName: null,
    negatived: false,
    labelIds: [],
    labelNames: [],
    logicallyDeleted: false,
  },
  purchaser: null,
  shipping: null,
  items: [],
  device: null,
  card: null,
  other: { memo: null },
  firedRules: [],
  simulation: null,
  manualHistory: [],
  memos: [],
  relatedEvents: [],
  negativeParties: { purchaser: false, shipping: false },
  negativeCoverage: { purchaser: [], shipping: [] },
  editBlock: null,
};

/** The same event after a save: a new version, decided NG. */
export const savedEvent: EventDetail = {
  ...reviewEvent,
  version: 2,
  basic: { ...reviewEvent.basic, maresult: "20" },
};

/** The event while another operator holds its edit lock (688). */
export const lockedEvent: EventDetail = {
  ...reviewEvent,
  editBlock: { kind: "lockedByOther", operatorName: "デモ審査者", since: "2026-11-01T02:00:00.000Z" },
};

export const detailLayout = DEFAULT_DISPLAY_FORMAT;
export const listSearch = EMPTY_QUICK_SEARCH;
