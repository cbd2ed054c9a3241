import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import {
  type NotificationInput,
  notificationsMachine,
} from "../../../machines/notifications/notificationsMachine.ts";
import { NOTIFICATION_TIMEOUT } from "../../../src/contract/codes.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { settle } from "../support/settle.ts";
import { storedQueue } from "../walks/notificationsWalk.ts";

function startNotifications(readQueue: () => Promise<NotificationInput[]> = async () => []) {
  const clock = new SimulatedClock();
  const persisted: NotificationInput[][] = [];
  const effects: string[] = [];
  const received: string[] = [];
  const machine = notificationsMachine.provide({
    actors: { readQueue: fromPromise(readQueue) },
    actions: {
      persistQueue: (_, params) => persisted.push(params.items),
      clearQueue: () => effects.push("clearQueue"),
    },
  });
  const actor = createActor(machine, {
    clock,
    inspect: (inspection) => {
      if (inspection.type === "@xstate.event") received.push(inspection.event.type);
    },
  }).start();
  const shownIds = () => actor.getSnapshot().context.items.map((item) => item.id);
  return { actor, clock, persisted, effects, received, shownIds };
}

describe("notificationsMachine", () => {
  it("dismisses each colour after its own default timeout", () => {
    const { actor, clock, shownIds } = startNotifications();
    for (const colour of ["info", "error", "success", "warning"] as const) {
      actor.send({ type: "notify.show", colour, text: colour });
    }
    expect(actor.getSnapshot().context.items.map((item) => [item.colour, item.timeout])).toEqual([
      ["info", NOTIFICATION_TIMEOUT.info],
      ["error", NOTIFICATION_TIMEOUT.error],
      ["success", NOTIFICATION_TIMEOUT.success],
      ["warning", NOTIFICATION_TIMEOUT.default],
    ]);
    clock.increment(2999);
    expect(shownIds()).toEqual(["n1", "n2", "n3", "n4"]);
    clock.increment(1);
    expect(shownIds()).toEqual(["n1", "n2", "n4"]);
    clock.increment(1999);
    expect(shownIds()).toEqual(["n1", "n2", "n4"]);
    clock.increment(1);
    expect(shownIds()).toEqual(["n4"]);
    clock.increment(999);
    expect(shownIds()).toEqual(["n4"]);
    clock.increment(1);
    expect(shownIds()).toEqual([]);
  });

  it("uses a timeout given with the notification", () => {
    const { actor, clock, shownIds } = startNotifications();
    actor.send({ type: "notify.show", colour: "success", text: "Copied", timeout: 800 });
    clock.increment(799);
    expect(shownIds()).toEqual(["n1"]);
    clock.increment(1);
    expect(shownIds()).toEqual([]);
  });

  it("cancels the timer of a notification dismissed by hand", () => {
    const { actor, clock, received, shownIds } = startNotifications();
    actor.send({ type: "notify.show", colour: "info", text: "first" });
    actor.send({ type: "notify.show", colour: "info", text: "second" });
    clock.increment(1000);
    actor.send({ type: "notify.dismiss", id: "n1" });
    expect(shownIds()).toEqual(["n2"]);
    clock.increment(NOTIFICATION_TIMEOUT.info);
    expect(shownIds()).toEqual([]);
    expect(received.filter((type) => type === "notify.expire")).toEqual(["notify.expire"]);
  });

  it("shows a notice already on screen once, and other notices beside it", () => {
    const { actor, clock, shownIds } = startNotifications();
    const failed = {
      type: "notify.show",
      colour: "error",
      text: "697\nThe data could not be retrieved.",
    } as const;
    actor.send(failed);
    clock.increment(4000);
    actor.send(failed);
    actor.send({ ...failed, colour: "success" });
    expect(shownIds()).toEqual(["n1", "n2"]);
    // The one shown keeps its own time.
    clock.increment(NOTIFICATION_TIMEOUT.error - 4000);
    expect(shownIds()).toEqual(["n2"]);
  });

  it("persists the whole queue on each notify.queue", () => {
    const { actor, persisted, shownIds } = startNotifications();
    actor.send({ type: "notify.queue", colour: "error", text: "913" });
    actor.send({ type: "notify.queue", colour: "info", text: "Signed out", timeout: 2000 });
    expect(shownIds()).toEqual([]);
    expect(persisted).toEqual([
      [{ colour: "error", text: "913" }],
      [
        { colour: "error", text: "913" },
        { colour: "info", text: "Signed out", timeout: 2000 },
      ],
    ]);
  });

  it("queues the same notice once, however many calls queue it before the next page", () => {
    const { actor, persisted } = startNotifications();
    const refusal = `${ERROR.invalidToken}\nPlease log in again.`;
    actor.send({ type: "notify.queue", colour: "error", text: refusal });
    actor.send({ type: "notify.queue", colour: "error", text: refusal });
    actor.send({ type: "notify.queue", colour: "success", text: refusal });
    expect(actor.getSnapshot().context.queued).toEqual([
      { colour: "error", text: refusal },
      { colour: "success", text: refusal },
    ]);
    expect(persisted.at(-1)).toEqual(actor.getSnapshot().context.queued);
  });

  it("shows the stored queue after navigation, clears it, and times each item out", async () => {
    const { actor, clock, effects, shownIds } = startNotifications(async () => [
      ...storedQueue,
      { colour: "error", text: "AuthorizeError.SourceIpNotAllowed" },
    ]);
    actor.send({ type: "notify.queue", colour: "warning", text: "kept in this tab" });
    actor.send({ type: "notify.flush" });
    await settle();
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.items).toEqual([
      { id: "n1", colour: "info", text: "Upload accepted", timeout: 4000 },
      {
        id: "n2",
        colour: "error",
        text: "AuthorizeError.SourceIpNotAllowed",
        timeout: NOTIFICATION_TIMEOUT.error,
      },
    ]);
    expect(actor.getSnapshot().context.queued).toEqual([]);
    expect(effects).toEqual(["clearQueue"]);
    clock.increment(4000);
    expect(shownIds()).toEqual(["n2"]);
  });

  it("shows an unreadable queue's failure instead of swallowing it, and clears the queue", async () => {
    const { actor, effects } = startNotifications(async () => {
      throw new Error("queue is not JSON");
    });
    actor.send({ type: "notify.flush" });
    await settle();
    expect(actor.getSnapshot().context.items).toEqual([
      {
        id: "n1",
        colour: "error",
        text: `${ERROR.internalFailure}\nqueue is not JSON`,
        timeout: NOTIFICATION_TIMEOUT.error,
      },
    ]);
    expect(effects).toEqual(["clearQueue"]);
  });
});
