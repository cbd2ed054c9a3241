import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  eventDetailMachine,
  type LoadDetailOutcome,
  type LoadNeighboursOutcome,
} from "../../../machines/event/eventDetailMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { EventSearch } from "../../../src/contract/eventSearch.ts";
import { settle } from "../support/settle.ts";
import { listSearch, reviewEvent, savedEvent } from "../walks/eventDetailFixture.ts";
import {
  detailCallThrew,
  detailLoaded,
  detailNotFound,
  neighboursFound,
  neighboursRefused,
} from "../walks/eventDetailWalk.ts";

function startDetail(
  fakes: { load?: () => Promise<LoadDetailOutcome>; neighbours?: () => Promise<LoadNeighboursOutcome> } = {},
) {
  const calls: string[] = [];
  const machine = eventDetailMachine.provide({
    actors: {
      loadDetail: fromPromise(async ({ input }: { input: { eventId: string } }) => {
        calls.push(`detail ${input.eventId}`);
        return (fakes.load ?? (async () => detailLoaded))();
      }),
      loadNeighbours: fromPromise(async ({ input }: { input: { eventId: string; search: EventSearch } }) => {
        calls.push(`neighbours ${input.eventId} ${input.search.mode}`);
        return (fakes.neighbours ?? (async () => neighboursFound))();
      }),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

const eventId = reviewEvent.basic.eventId;

describe("eventDetailMachine", () => {
  it("loads the event, then its neighbours within the list's search", async () => {
    const { actor, calls } = startDetail();
    actor.send({ type: "detail.open", eventId, search: listSearch });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: "placed" });
    expect(actor.getSnapshot().context.data).toEqual(detailLoaded.ok ? detailLoaded.result : null);
    expect(actor.getSnapshot().context.neighbours).toEqual({
      previousEventId: "EV0000000002",
      nextEventId: null,
    });
    expect(calls).toEqual([`detail ${eventId}`, `neighbours ${eventId} 0`]);
  });

  it("has no neighbours when opened without a list, and asks for none", async () => {
    const { actor, calls } = startDetail();
    actor.send({ type: "detail.open", eventId, search: null });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: "alone" });
    expect(calls).toEqual([`detail ${eventId}`]);
  });

  it("still shows the event when its neighbours are refused", async () => {
    const { actor } = startDetail({ neighbours: async () => neighboursRefused });
    actor.send({ type: "detail.open", eventId, search: listSearch });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: "alone" });
    expect(actor.getSnapshot().context.neighbours).toBeNull();
    expect(actor.getSnapshot().context.data?.detail).toEqual(reviewEvent);
  });

  it("answers notFound for 963 (an unknown event or another tenant's)", async () => {
    const { actor } = startDetail({ load: async () => detailNotFound });
    actor.send({ type: "detail.open", eventId: "NOPE", search: null });
    await settle();
    expect(actor.getSnapshot().value).toBe("notFound");
    expect(actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.notFound]);
  });

  it("replaces the detail with a save's fresh one, and keeps it shown while reloading", async () => {
    const { actor, calls } = startDetail();
    actor.send({ type: "detail.open", eventId, search: null });
    await settle();
    actor.send({ type: "detail.replace", detail: savedEvent });
    expect(actor.getSnapshot().context.data?.detail.version).toBe(2);
    actor.send({ type: "detail.reload" });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context.data?.detail.version).toBe(2);
    await settle();
    expect(actor.getSnapshot().context.data?.detail.version).toBe(1);
    expect(calls).toEqual([`detail ${eventId}`, `detail ${eventId}`]);
  });

  it("keeps the event shown while the next one loads, without its neighbours", async () => {
    const { actor } = startDetail();
    actor.send({ type: "detail.open", eventId, search: listSearch });
    await settle();
    await settle();
    actor.send({ type: "detail.open", eventId: "EV0000000002", search: listSearch });
    expect(actor.getSnapshot().value).toBe("loading");
    expect(actor.getSnapshot().context.data?.detail).toEqual(reviewEvent);
    expect(actor.getSnapshot().context.neighbours).toBeNull();
  });

  it("routes an exception to error and reloads on request", async () => {
    let fail = true;
    const { actor } = startDetail({
      load: async () => {
        if (fail) throw detailCallThrew;
        return detailLoaded;
      },
    });
    actor.send({ type: "detail.open", eventId, search: null });
    await settle();
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    fail = false;
    actor.send({ type: "detail.reload" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ ready: "alone" });
  });
});
