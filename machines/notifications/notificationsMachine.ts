import { assign, enqueueActions, setup } from "xstate";
import { NOTIFICATION_TIMEOUT, type NotificationColour } from "../../src/contract/codes.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";

/** A notification as callers ask for it; the timeout defaults by colour. */
export interface NotificationInput {
  colour: NotificationColour;
  text: string;
  timeout?: number;
}

/** A shown notification (spec section 3): colour, text, timeout in ms, id. */
export interface Notification {
  id: string;
  colour: NotificationColour;
  text: string;
  timeout: number;
}

export interface NotificationsContext {
  /** Shown now, oldest first. */
  items: Notification[];
  /** Queued in this tab for after navigation; mirrored to session storage by `persistQueue`. */
  queued: NotificationInput[];
  /** Source of notification ids, so the machine stays pure (no random, no clock). */
  nextId: number;
}

export type NotificationsEvent =
  | ({ type: "notify.show" } & NotificationInput)
  | ({ type: "notify.queue" } & NotificationInput)
  | { type: "notify.flush" }
  | { type: "notify.dismiss"; id: string }
  /** Raised by the machine itself when an item's timeout has passed. */
  | { type: "notify.expire"; id: string };

/** Spec section 9: info 5000 ms, error 5000, success 3000, anything else the default 6000. */
export const DEFAULT_TIMEOUT_BY_COLOUR: Record<NotificationColour, number> = {
  info: NOTIFICATION_TIMEOUT.info,
  error: NOTIFICATION_TIMEOUT.error,
  success: NOTIFICATION_TIMEOUT.success,
  warning: NOTIFICATION_TIMEOUT.default,
};

/** The id of an item's auto-dismiss timer, so a manual dismiss can cancel it. */
export const expiryTimerId = (notificationId: string): string => `expire.${notificationId}`;

// enqueueActions cannot infer its types inside setup (they would refer to the setup being inferred),
// so its parameters are spelled out; `never` says these actions enqueue no named actions or actors.
type ShowParams = { items: NotificationInput[] };
type DismissParams = { id: string };

/** The same notice: its colour and text (its timeout aside). */
const sameNotice = (a: NotificationInput, b: NotificationInput): boolean =>
  a.colour === b.colour && a.text === b.text;

const inputOf = (event: NotificationInput): NotificationInput => ({
  colour: event.colour,
  text: event.text,
  ...(event.timeout === undefined ? {} : { timeout: event.timeout }),
});

/**
 * Notifications shown top centre (spec sections 4 and 9): shown at once, or queued in session storage
 * and shown after navigation. The app provides `readQueue`, `persistQueue` and `clearQueue`.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    readQueue: notProvided<NotificationInput[]>("readQueue"),
  },
  actions: {
    // Provided by the app: session storage stays outside the machine.
    persistQueue: (_, _params: { items: NotificationInput[] }) => {},
    clearQueue: () => {},
    show: enqueueActions<
      NotificationsContext,
      NotificationsEvent,
      ShowParams,
      NotificationsEvent,
      never,
      never,
      never,
      never,
      never
    >(({ context, enqueue }, params) => {
      // A notice already on screen (or twice in one show) is shown once: calls failing together (a
      // list's page and its count when the network is gone) each report 697.
      const fresh = params.items.filter(
        (input, index) =>
          !context.items.some((item) => sameNotice(item, input)) &&
          params.items.findIndex((other) => sameNotice(other, input)) === index,
      );
      const shown = fresh.map(
        (input, index): Notification => ({
          id: `n${context.nextId + index}`,
          colour: input.colour,
          text: input.text,
          timeout: input.timeout ?? DEFAULT_TIMEOUT_BY_COLOUR[input.colour],
        }),
      );
      enqueue.assign({ items: [...context.items, ...shown], nextId: context.nextId + shown.length });
      for (const item of shown) {
        enqueue.raise(
          { type: "notify.expire", id: item.id },
          { id: expiryTimerId(item.id), delay: item.timeout },
        );
      }
    }),
    dismiss: enqueueActions<
      NotificationsContext,
      NotificationsEvent,
      DismissParams,
      NotificationsEvent,
      never,
      never,
      never,
      never,
      never
    >(({ context, enqueue }, params) => {
      enqueue.cancel(expiryTimerId(params.id));
      enqueue.assign({ items: context.items.filter((item) => item.id !== params.id) });
    }),
    expire: assign(({ context }, params: { id: string }) => ({
      items: context.items.filter((item) => item.id !== params.id),
    })),
    // The same notice queued again is kept once: calls made together (a list's page and its count)
    // that find the session gone each queue its refusal, which the next page would show twice.
    addToQueue: assign(({ context }, params: { item: NotificationInput }) => ({
      queued: context.queued.some((queued) => sameNotice(queued, params.item))
        ? context.queued
        : [...context.queued, params.item],
    })),
    forgetQueue: assign({ queued: [] }),
  },
}).createMachine({
  id: "notifications",
  context: { items: [], queued: [], nextId: 1 },
  initial: "idle",
  on: {
    "notify.show": { actions: { type: "show", params: ({ event }) => ({ items: [inputOf(event)] }) } },
    "notify.queue": {
      actions: [
        { type: "addToQueue", params: ({ event }) => ({ item: inputOf(event) }) },
        { type: "persistQueue", params: ({ context }) => ({ items: context.queued }) },
      ],
    },
    "notify.dismiss": { actions: { type: "dismiss", params: ({ event }) => ({ id: event.id }) } },
    "notify.expire": { actions: { type: "expire", params: ({ event }) => ({ id: event.id }) } },
  },
  states: {
    idle: {
      on: { "notify.flush": "flushing" },
    },
    flushing: {
      invoke: {
        id: "readQueue",
        src: "readQueue",
        onDone: {
          target: "idle",
          actions: [
            { type: "show", params: ({ event }) => ({ items: event.output }) },
            "forgetQueue",
            "clearQueue",
          ],
        },
        // An unreadable queue is dropped (it would fail again) and the failure itself is shown.
        onError: {
          target: "idle",
          actions: [
            {
              type: "show",
              params: ({ event }) => {
                const failure = internalFailure(event.error);
                return { items: [{ colour: "error", text: `${failure.code}\n${failure.message}` }] };
              },
            },
            "forgetQueue",
            "clearQueue",
          ],
        },
      },
    },
  },
});
