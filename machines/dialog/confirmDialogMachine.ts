import { assign, setup } from "xstate";
import { DIALOG_CLOSE_DELAY_MS } from "../../src/contract/codes.ts";

/** "execute": OK (execute) and Cancel; "yesNo": Yes and No (operator add/edit/delete, white add). */
export type ConfirmDialogVariant = "execute" | "yesNo";

export interface ConfirmDialogContext {
  /** i18n key of the question shown; null before the first open. */
  messageKey: string | null;
  variant: ConfirmDialogVariant;
}

export type ConfirmDialogEvent =
  | { type: "dialog.open"; messageKey: string; variant: ConfirmDialogVariant }
  | { type: "dialog.confirm" }
  | { type: "dialog.cancel" };

/**
 * Confirmation before register, update, edit and delete (spec section 2). The next processing starts
 * only once the dialog has had DIALOG_CLOSE_DELAY_MS to close; the caller provides `proceed` and
 * `cancelled`.
 */
export const confirmDialogMachine = setup({
  types: {
    context: {} as ConfirmDialogContext,
    events: {} as ConfirmDialogEvent,
  },
  delays: {
    closeDelay: DIALOG_CLOSE_DELAY_MS,
  },
  actions: {
    // Provided by the caller: what runs after the operator confirmed, or after they backed out.
    proceed: () => {},
    cancelled: () => {},
    showQuestion: assign((_, params: { messageKey: string; variant: ConfirmDialogVariant }) => ({
      messageKey: params.messageKey,
      variant: params.variant,
    })),
  },
}).createMachine({
  id: "confirmDialog",
  context: { messageKey: null, variant: "execute" },
  initial: "closed",
  states: {
    closed: {
      on: {
        "dialog.open": {
          target: "open",
          actions: {
            type: "showQuestion",
            params: ({ event }) => ({ messageKey: event.messageKey, variant: event.variant }),
          },
        },
      },
    },
    open: {
      tags: ["visible"],
      on: {
        "dialog.confirm": "closingConfirmed",
        "dialog.cancel": "closingCancelled",
      },
    },
    closingConfirmed: {
      after: { closeDelay: { target: "closed", actions: "proceed" } },
    },
    closingCancelled: {
      after: { closeDelay: { target: "closed", actions: "cancelled" } },
    },
  },
});
