import { z } from "zod";
import { type CallAccess, defineCall } from "./call.ts";
import { eventDetailSchema, eventIdField } from "./eventDetail.ts";
import { MANUAL_RESULT, MANUAL_RESULTS } from "./screening.ts";
import type { ScreenId } from "./screens.ts";
import { INTEGER_MAX, issue, memoField, requiredText } from "./validation.ts";

/**
 * The event detail's actions (spec sections 2, 4 and 6, issue 4), each under its own dialog screen ID
 * and needing write permission on it. Every edit presents the version the operator saw: a stale one
 * answers InvalidData.Conflict (015) and nothing is written; an event another operator is editing
 * answers 688, one under screening 999, one under update 1000. A success answers the fresh detail.
 */

/** How long an opened edit dialog holds the event for its operator (the 688 window). */
export const EDIT_LOCK_MINUTES = 5;
/**
 * While the operator keeps working in the dialog, its lock is renewed this often (eventEditBegin
 * again), well inside EDIT_LOCK_MINUTES even for a slow call; a dialog left idle is not renewed.
 */
export const EDIT_LOCK_RENEW_MINUTES = 2;

export const EVENT_ACTIONS = ["ok", "ng", "hold", "negative", "memo", "assign", "label"] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

export const EVENT_ACTION_SCREEN: Record<EventAction, ScreenId> = {
  ok: "EventDialogOk",
  ng: "EventDialogNg",
  hold: "EventDialogHold",
  negative: "EventDialogNegative",
  memo: "EventDialogMemo",
  assign: "EventDialogAssign",
  label: "EventDialogLabel",
};

const writeOn = (action: EventAction): CallAccess => ({
  kind: "write",
  screenId: EVENT_ACTION_SCREEN[action],
});
const versioned = { eventId: eventIdField, version: z.number().int().min(1).max(INTEGER_MAX) };
const detailResult = z.object({ detail: eventDetailSchema });

/**
 * Opening an action's dialog takes the event's edit lock for EDIT_LOCK_MINUTES (another operator then
 * sees 688 and stays read-only); saving or cancelling releases it. The server checks write permission
 * on the action's dialog screen ID.
 */
export const eventEditBegin = defineCall({
  name: "eventEditBegin",
  method: "POST",
  path: "/api/v3/screen/event/edit/begin",
  access: { kind: "read", screenId: "EventDetail" },
  request: z.object({ ...versioned, action: z.enum(EVENT_ACTIONS) }).strict(),
  response: z.object({ lockedUntil: z.string() }),
});

export const eventEditEnd = defineCall({
  name: "eventEditEnd",
  method: "POST",
  path: "/api/v3/screen/event/edit/end",
  access: { kind: "read", screenId: "EventDetail" },
  request: z.object({ eventId: eventIdField }).strict(),
  response: z.object({}),
});

/** Manual result 10 OK, 20 NG, 30 hold (spec section 4) with reason, memo and labels. NG needs a reason. */
const manualResultRequest = (requireReason: boolean) =>
  z
    .object({
      ...versioned,
      reason: requireReason
        ? requiredText(200)
        : z
            .string()
            .trim()
            .max(200, issue("max", { max: 200 })),
      memo: memoField,
      labelIds: z.array(z.string().trim().min(1).max(50)).max(100),
    })
    .strict();

export const eventManualOk = defineCall({
  name: "eventManualOk",
  method: "POST",
  path: "/api/v3/screen/event/manual/ok",
  access: writeOn("ok"),
  request: manualResultRequest(false),
  response: detailResult,
});
export const eventManualNg = defineCall({
  name: "eventManualNg",
  method: "POST",
  path: "/api/v3/screen/event/manual/ng",
  access: writeOn("ng"),
  request: manualResultRequest(true),
  response: detailResult,
});
export const eventManualHold = defineCall({
  name: "eventManualHold",
  method: "POST",
  path: "/api/v3/screen/event/manual/hold",
  access: writeOn("hold"),
  request: manualResultRequest(false),
  response: detailResult,
});
export const MANUAL_RESULT_CALLS = {
  [MANUAL_RESULT.ok]: eventManualOk,
  [MANUAL_RESULT.ng]: eventManualNg,
  [MANUAL_RESULT.hold]: eventManualHold,
} as const;

/** Negative operation for an event (spec section 4): 0 nothing, 1 registration, 2 release. */
export const NEGATIVE_OPERATION = { nothing: "0", register: "1", release: "2" } as const;
const negativeOperation = z.enum([
  NEGATIVE_OPERATION.nothing,
  NEGATIVE_OPERATION.register,
  NEGATIVE_OPERATION.release,
]);

/**
 * Negative settle and other categories (code masters negative_settle_category and
 * negative_other_category; values not shown in the spec, decided in docs/architecture.md).
 */
export const NEGATIVE_SETTLE_CATEGORIES = ["01", "02", "03", "99"] as const;
export const NEGATIVE_OTHER_CATEGORIES = ["01", "02", "03", "99"] as const;

/**
 * Registers or releases the purchaser and the shipping address as negative entries, which the engine
 * reads from the next screening on. Both "0" answers 902 (no item selected for update).
 */
export const eventNegativeUpdate = defineCall({
  name: "eventNegativeUpdate",
  method: "POST",
  path: "/api/v3/screen/event/negative",
  access: writeOn("negative"),
  request: z
    .object({
      ...versioned,
      purchaser: negativeOperation,
      shipping: negativeOperation,
      settleCategory: z.enum(["", ...NEGATIVE_SETTLE_CATEGORIES]),
      otherCategory: z.enum(["", ...NEGATIVE_OTHER_CATEGORIES]),
    })
    .strict(),
  response: detailResult,
});

export const eventMemoAdd = defineCall({
  name: "eventMemoAdd",
  method: "POST",
  path: "/api/v3/screen/event/memo",
  access: writeOn("memo"),
  request: z.object({ ...versioned, memo: requiredText(500) }).strict(),
  response: detailResult,
});

/** Assign the event to an operator of the tenant, or unassign it (null). */
export const eventAssign = defineCall({
  name: "eventAssign",
  method: "POST",
  path: "/api/v3/screen/event/assign",
  access: writeOn("assign"),
  request: z
    .object({ ...versioned, assigneeId: z.number().int().positive().max(INTEGER_MAX).nullable() })
    .strict(),
  response: detailResult,
});

/** Replace the event's labels; a tenant without labels answers 914. */
export const eventLabelsUpdate = defineCall({
  name: "eventLabelsUpdate",
  method: "POST",
  path: "/api/v3/screen/event/labels",
  access: writeOn("label"),
  request: z.object({ ...versioned, labelIds: z.array(z.string().trim().min(1).max(50)).max(100) }).strict(),
  response: detailResult,
});

export const labelSchema = z.object({ labelId: z.string(), name: z.string() });
export type Label = z.infer<typeof labelSchema>;

/** The tenant's labels (the search form and the label dialogs list them). */
export const eventLabelList = defineCall({
  name: "eventLabelList",
  method: "POST",
  path: "/api/v3/screen/event/labelList",
  access: { kind: "read", screenId: "EventList" },
  request: z.object({}).strict().optional(),
  response: z.object({ labels: z.array(labelSchema) }),
});

/** How many suggested reasons the OK / NG / HOLD dialogs offer, and from how many latest results. */
export const SUGGESTED_REASONS = 10;
export const SUGGESTED_REASONS_FROM = 500;

/**
 * Reasons the tenant's operators gave most often in their latest manual results of one kind (OK, NG
 * or HOLD), most frequent first: the reason field suggests them, so the same case reads the same.
 */
export const eventReasonList = defineCall({
  name: "eventReasonList",
  method: "POST",
  path: "/api/v3/screen/event/reasonList",
  access: { kind: "read", screenId: "EventDetail" },
  request: z.object({ result: z.enum(MANUAL_RESULTS) }).strict(),
  response: z.object({ reasons: z.array(z.string()) }),
});

export const assigneeSchema = z.object({ operatorId: z.number().int(), operatorName: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

/** The dialogs whose write permission lets an operator screen an event: only they may be assigned one. */
export const MANUAL_SCREENING_SCREENS: readonly ScreenId[] = [
  EVENT_ACTION_SCREEN.ok,
  EVENT_ACTION_SCREEN.ng,
  EVENT_ACTION_SCREEN.hold,
];

/**
 * An operator in the assignee list. `canScreen`: may write a manual result (OK, NG or HOLD, see
 * MANUAL_SCREENING_SCREENS); the assign dialog offers these, the search form every operator (an event
 * stays findable by an assignee whose role changed).
 */
export const assigneeChoiceSchema = assigneeSchema.extend({ canScreen: z.boolean() });
export type AssigneeChoice = z.infer<typeof assigneeChoiceSchema>;

/** The tenant's operators, each with whether it may be assigned (the search form and the assign dialog list them). */
export const eventAssigneeList = defineCall({
  name: "eventAssigneeList",
  method: "POST",
  path: "/api/v3/screen/event/assigneeList",
  access: { kind: "read", screenId: "EventList" },
  request: z.object({}).strict().optional(),
  response: z.object({ assignees: z.array(assigneeChoiceSchema) }),
});
