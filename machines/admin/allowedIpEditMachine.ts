import { assertEvent, assign, setup } from "xstate";
import {
  ALLOWED_IP_KINDS,
  type AllowedIpEntry,
  type AllowedIpKind,
  DEFAULT_SUBNET,
  MAX_ALLOWED_IPS,
} from "../../src/contract/allowedIp.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { MessageParams, ValidationKey } from "../../src/contract/messages.ts";
import { rules } from "../../src/contract/validation.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

/** Both lists of the screen, each rows of address and subnet (allowedIpList's answer). */
export type AllowedIpLists = Record<AllowedIpKind, AllowedIpEntry[]>;

/** A row the operator typed that the contract's rules refuse: the view shows `key`'s text at `field`. */
export interface RowProblem {
  field: "address" | "subnet" | "list";
  key: ValidationKey;
  params?: MessageParams;
}

export interface AllowedIpEditContext {
  /** The lists as the server last saved them; revert restores a draft to this. */
  saved: AllowedIpLists;
  /** The lists as edited on screen. */
  draft: AllowedIpLists;
  /** The address the list call came from (the console list must keep it allowed). */
  yourAddress: string;
  /** The list an update is saving, or was last asked to save. */
  kind: AllowedIpKind;
  /** What the rules said about the last row added on each list; cleared by the next accepted add. */
  rowProblems: Record<AllowedIpKind, RowProblem[]>;
  /** The server's refusal (validation, self-lockout, 015) or an exception; kept until the next update. */
  errors: ErrorItem[];
  /** What the list an update asks about would refuse of the recent sign-ins (allowedIpPreview). */
  preview: AllowedIpPreview | null;
}

/** allowedIpPreview's answer. */
export interface AllowedIpPreview {
  days: number;
  refusedSignIns: number;
  refusedSignInSources: { address: string; count: number }[];
  refusedApiCalls: number | null;
  refusedApiCallSources: { address: string; count: number }[];
}

export type AllowedIpEditEvent =
  | { type: "row.add"; kind: AllowedIpKind; address: string; subnet: string }
  | { type: "row.delete"; kind: AllowedIpKind; index: number }
  | { type: "list.revert"; kind: AllowedIpKind }
  | { type: "list.update"; kind: AllowedIpKind }
  | { type: "step.retry" }
  | { type: "step.cancel" };

/** allowedIpList's answer. */
export type LoadListsOutcome = CallOutcome<AllowedIpLists & { yourAddress: string }>;
/** allowedIpUpdate's answer: the list as saved. */
export type UpdateListOutcome = CallOutcome<{ entries: AllowedIpEntry[] }>;
/** allowedIpPreview's answer. */
export type PreviewListOutcome = CallOutcome<AllowedIpPreview>;
export interface UpdateListInput {
  kind: AllowedIpKind;
  entries: AllowedIpEntry[];
}

const emptyLists = (): AllowedIpLists => ({ console: [], api: [] });
const noProblems = (): Record<AllowedIpKind, RowProblem[]> => ({ console: [], api: [] });

/**
 * What the contract's rules say about adding `address` / `subnet` to `list` (allowedIpEntrySchema and
 * the list's uniqueness and size): an empty subnet is DEFAULT_SUBNET.
 */
export function rowProblems(list: readonly AllowedIpEntry[], address: string, subnet: string): RowProblem[] {
  const problems: RowProblem[] = [];
  const trimmed = address.trim();
  if (!rules.required(trimmed)) problems.push({ field: "address", key: "required" });
  else if (!rules.ipAddressV4(trimmed)) problems.push({ field: "address", key: "ipAddressV4" });
  else if (
    !rules.uniqueIpAddress(
      trimmed,
      list.map((entry) => entry.address),
    )
  )
    problems.push({ field: "address", key: "uniqueIpAddress" });
  const subnetText = subnet.trim();
  if (subnetText !== "" && !rules.ipAddressV4Subnet(subnetText))
    problems.push({ field: "subnet", key: "ipAddressV4Subnet" });
  if (list.length >= MAX_ALLOWED_IPS)
    problems.push({ field: "list", key: "maxValues", params: { max: MAX_ALLOWED_IPS } });
  return problems;
}

const rowOf = (address: string, subnet: string): AllowedIpEntry => ({
  address: address.trim(),
  subnet: subnet.trim() === "" ? DEFAULT_SUBNET : Number(subnet.trim()),
});

const withList = (lists: AllowedIpLists, kind: AllowedIpKind, entries: AllowedIpEntry[]): AllowedIpLists => ({
  ...lists,
  [kind]: entries,
});

/**
 * Allowed IP addresses (spec section 2, /AllowedIpAddress), the design card's edit/revert: loads the
 * console and API lists as saved, edits a draft of each (add a row checked by the contract's rules,
 * delete a row), `list.revert` restores a list as saved, and `list.update` asks the server what the
 * edited list would refuse of the last days' sign-ins (the preview the screen shows) and saves one
 * list once the operator confirmed (the app's `confirmUpdate` asks through the confirmation dialog, its 50 ms close
 * delay included, and resolves true or false). An accepted update makes the saved list the edited one;
 * a refusal (validation, self-lockout, 015) goes back to editing with its errors; an exception offers
 * a retry of the step that failed.
 */
const allowedIpEditSetup = setup({
  types: {
    context: {} as AllowedIpEditContext,
    events: {} as AllowedIpEditEvent,
  },
  actors: {
    loadLists: notProvided<LoadListsOutcome>("loadLists"),
    previewList: notProvided<PreviewListOutcome, UpdateListInput>("previewList"),
    confirmUpdate: notProvided<boolean, { preview: AllowedIpPreview | null }>("confirmUpdate"),
    updateList: notProvided<UpdateListOutcome, UpdateListInput>("updateList"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    rowAcceptable: ({ context, event }) => {
      assertEvent(event, "row.add");
      return rowProblems(context.draft[event.kind], event.address, event.subnet).length === 0;
    },
  },
  actions: {
    recordLists: assign((_, params: { result: AllowedIpLists & { yourAddress: string } }) => {
      const saved = { console: params.result.console, api: params.result.api };
      return {
        saved,
        draft: saved,
        yourAddress: params.result.yourAddress,
        rowProblems: noProblems(),
        errors: [],
      };
    }),
    addRow: assign(({ context, event }) => {
      assertEvent(event, "row.add");
      return {
        draft: withList(context.draft, event.kind, [
          ...context.draft[event.kind],
          rowOf(event.address, event.subnet),
        ]),
        rowProblems: { ...context.rowProblems, [event.kind]: [] },
        preview: null,
      };
    }),
    recordRowProblems: assign(({ context, event }) => {
      assertEvent(event, "row.add");
      return {
        rowProblems: {
          ...context.rowProblems,
          [event.kind]: rowProblems(context.draft[event.kind], event.address, event.subnet),
        },
      };
    }),
    deleteRow: assign(({ context, event }) => {
      assertEvent(event, "row.delete");
      return {
        draft: withList(
          context.draft,
          event.kind,
          context.draft[event.kind].filter((_, index) => index !== event.index),
        ),
        preview: null,
      };
    }),
    revertList: assign(({ context, event }) => {
      assertEvent(event, "list.revert");
      return {
        draft: withList(context.draft, event.kind, context.saved[event.kind]),
        rowProblems: { ...context.rowProblems, [event.kind]: [] },
        errors: [],
        preview: null,
      };
    }),
    chooseKind: assign(({ event }) => {
      assertEvent(event, "list.update");
      return { kind: event.kind };
    }),
    recordSaved: assign(({ context }, params: { result: { entries: AllowedIpEntry[] } }) => ({
      saved: withList(context.saved, context.kind, params.result.entries),
      draft: withList(context.draft, context.kind, params.result.entries),
      errors: [],
    })),
    recordPreview: assign((_, params: { result: AllowedIpPreview }) => ({ preview: params.result })),
    clearPreview: assign({ preview: null }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    clearErrors: assign({ errors: [] }),
  },
});

const callStep = callSteps(allowedIpEditSetup);

export const allowedIpEditMachine = allowedIpEditSetup.createMachine({
  id: "allowedIpEdit",
  context: {
    saved: emptyLists(),
    draft: emptyLists(),
    yourAddress: "",
    kind: ALLOWED_IP_KINDS[0],
    rowProblems: noProblems(),
    errors: [],
    preview: null,
  },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadLists",
        accepted: { target: "editing", actions: "recordLists" },
        refused: { target: "loadFailed", actions: "recordErrors" },
        exception: { target: "loadFailed", actions: "recordException" },
      }),
    },
    loadFailed: {
      on: { "step.retry": { target: "loading", actions: "clearErrors" } },
    },
    editing: {
      tags: ["editing"],
      on: {
        "row.add": [{ guard: "rowAcceptable", actions: "addRow" }, { actions: "recordRowProblems" }],
        "row.delete": { actions: "deleteRow" },
        "list.revert": { actions: "revertList" },
        "list.update": { target: "previewing", actions: ["chooseKind", "clearPreview", "clearErrors"] },
      },
    },
    // Before the update is confirmed, what the edited list would refuse of the recent sign-ins.
    previewing: {
      tags: ["editing", "busy"],
      invoke: callStep({
        src: "previewList",
        input: ({ context }) => ({ kind: context.kind, entries: context.draft[context.kind] }),
        accepted: { target: "confirming", actions: "recordPreview" },
        refused: { target: "editing", actions: "recordErrors" },
        exception: { target: "editing", actions: "recordException" },
      }),
    },
    confirming: {
      tags: ["editing"],
      invoke: {
        id: "confirmUpdate",
        src: "confirmUpdate",
        input: ({ context }) => ({ preview: context.preview }),
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "saving",
          },
          // Backed out: the preview stays beside the list until it is edited.
          { target: "editing" },
        ],
        onError: {
          target: "editing",
          actions: [
            "clearPreview",
            { type: "recordException", params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    saving: {
      tags: ["saving"],
      invoke: callStep({
        src: "updateList",
        input: ({ context }) => ({ kind: context.kind, entries: context.draft[context.kind] }),
        accepted: { target: "editing", actions: ["recordSaved", "clearPreview"] },
        // Validation, self-lockout (the console list would refuse the operator's own address), 015:
        // the draft stays as edited with the server's errors beside it.
        refused: { target: "editing", actions: "recordErrors" },
        exception: { target: "saveFailed", actions: "recordException" },
      }),
    },
    saveFailed: {
      on: {
        "step.retry": { target: "saving", actions: "clearErrors" },
        "step.cancel": "editing",
      },
    },
  },
});
