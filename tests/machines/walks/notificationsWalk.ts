import {
  type NotificationInput,
  type NotificationsEvent,
  notificationsMachine,
} from "../../../machines/notifications/notificationsMachine.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

const saved = {
  type: "notify.show",
  colour: "success",
  text: "Registration complete",
} satisfies NotificationsEvent;
const queuedWarning = {
  type: "notify.queue",
  colour: "warning",
  text: "Check the upload history",
} satisfies NotificationsEvent;
export const storedQueue: NotificationInput[] = [{ colour: "info", text: "Upload accepted", timeout: 4000 }];

export const notificationsWalk = {
  machine: notificationsMachine,
  events: {
    "notify.show": [saved],
    "notify.queue": [queuedWarning],
    "notify.flush": [{ type: "notify.flush" }],
    "notify.dismiss": (snapshot) =>
      snapshot.context.items.map((item) => ({ type: "notify.dismiss", id: item.id })),
    "notify.expire": (snapshot) =>
      snapshot.context.items.map((item) => ({ type: "notify.expire", id: item.id })),
  },
  outputs: { readQueue: [[], storedQueue] },
  failures: { readQueue: [new Error("queue is not JSON")] },
  recordedActions: ["persistQueue", "clearQueue"],
  // Ids count up forever, so the graph stops after two items have been shown; and it keeps one item
  // on screen at a time: a replay expires an item by advancing the clock by its timeout, which with two
  // items would expire the other too. Several at once are tested directly.
  filterEvents: (snapshot, event) => {
    const { items, queued, nextId } = snapshot.context;
    // Not while flushing either: the queue read could add a second item.
    if (event.type === "notify.show" || event.type === "notify.flush")
      return items.length === 0 && nextId <= 2 && snapshot.matches("idle");
    if (event.type === "notify.queue") return queued.length === 0;
    return true;
  },
  drivers: {
    "notify.expire": ({ clock, snapshot, event }) => {
      const item = snapshot().context.items.find((shown) => shown.id === event.id);
      if (!item) throw new Error(`notification ${event.id} is not shown`);
      clock.increment(item.timeout - 1);
      if (!snapshot().context.items.some((shown) => shown.id === event.id)) {
        throw new Error(`notification ${event.id} expired before ${item.timeout} ms`);
      }
      clock.increment(1);
    },
  },
  journeys: [
    {
      description: "a queued notification is persisted, then shown and cleared after navigation",
      events: [
        queuedWarning,
        { type: "notify.flush" },
        {
          type: "xstate.done.actor.readQueue",
          output: [{ colour: "warning", text: "Check the upload history" }],
        },
      ],
      endState: "idle",
      actions: ["persistQueue", "clearQueue"],
    },
    {
      description: "an unreadable queue is cleared and its failure shown",
      events: [
        { type: "notify.flush" },
        { type: "xstate.error.actor.readQueue", error: new Error("queue is not JSON") },
      ],
      endState: "idle",
      actions: ["clearQueue"],
    },
    {
      description: "a notification dismissed by hand does not expire later",
      events: [saved, { type: "notify.dismiss", id: "n1" }, saved, { type: "notify.expire", id: "n2" }],
      endState: "idle",
    },
  ],
} satisfies MachineWalk<typeof notificationsMachine>;
