import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../src/contract/errors.ts";
import {
  EDIT_LOCK_MINUTES,
  eventAssigneeList,
  eventEditBegin,
  eventLabelList,
} from "../../src/contract/eventActions.ts";
import { eventDetail } from "../../src/contract/eventDetail.ts";
import { DEMO_LABELS } from "../../src/server/seed/demoReview.ts";
import {
  detailOf,
  expectDone,
  expectRefusal,
  freshOrder,
  freshPurchaser,
  openReviewApp,
  type ReviewApp,
  screenDemo,
  seededEventIds,
  send,
  uniqueHash,
  uniqueTel,
} from "./eventDetailHarness.ts";
import { testBackends } from "./helpers/testBackends.ts";

describe.each(testBackends())("event detail (%s)", (backend) => {
  let r: ReviewApp;
  let seeded: { demo: string; acme: string };

  beforeAll(async () => {
    r = await openReviewApp(backend);
    seeded = await seededEventIds(r.t);
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  it("shows every section of a screened event as it was screened", async () => {
    const order = freshOrder({
      memo: "ギフト包装希望",
      tenantName: "渋谷店",
      purchaser: { ...freshPurchaser(), company: "テスト商事", birthdate: "1990-04-01", sex: "2" },
    });
    const outcome = await screenDemo(r.t, order);
    const detail = await detailOf(r.t, r.admin, outcome.eventId);

    expect(detail.version).toBe(1);
    expect(detail.basic).toMatchObject({
      eventId: outcome.eventId,
      shopEventId: order.shopEventId,
      modelId: "MODEL01",
      modelName: "標準モデル",
      aaresult: outcome.aaresult,
      authStatus: outcome.authStatus,
      maresult: null,
      amount: 3_300,
      totalAmount: 3_300,
      method: "card",
      tenantName: "渋谷店",
      negatived: false,
      labelIds: [],
      labelNames: [],
      assigneeId: null,
      logicallyDeleted: false,
    });
    expect(new Date(detail.basic.createdAt).getTime()).toBe(r.t.clock.now().getTime());
    expect(detail.purchaser).toMatchObject({
      shopMemberId: order.purchaser.shopMemberId,
      lastNameHash: order.purchaser.lastNameHash,
      fullAddress: order.purchaser.fullAddress,
      tel: order.purchaser.tel,
      mobileTel: order.purchaser.mobileTel,
      mailDomain: order.purchaser.mailDomain,
      company: "テスト商事",
      birthdate: "1990-04-01",
      sex: "2",
    });
    expect(detail.shipping).toMatchObject({
      fullAddress: order.shipping?.fullAddress,
      deliveryCompany: "ヤマト運輸",
    });
    expect(detail.items.map((item) => [item.shopItemId, item.price, item.quantity])).toEqual([
      ["PEN-1", 300, 1],
      ["NOTE-1", 3_000, 1],
    ]);
    expect(detail.device).toMatchObject({
      ipaddress: order.device?.ipaddress,
      cookie: order.device?.cookie,
      primaryDid: order.device?.primaryDid,
      deviceType: "pc",
    });
    expect(detail.card).toMatchObject({ cardBrand: "VISA", bincode: "411111", cchash: order.card?.cchash });
    expect(detail.other).toEqual({ memo: "ギフト包装希望" });
    expect(detail.firedRules).toEqual(outcome.firedRules);
    expect(detail.manualHistory).toEqual([]);
    expect(detail.memos).toEqual([]);
    expect(detail.relatedEvents).toEqual([]);
    expect(detail.editBlock).toBeNull();
  });

  it("marks the reason rules among the fired rules and shows the Simulation verdict beside them", async () => {
    // A card already on the negative list: the demo package's negative group decides NG.
    const listed = await r.t.db
      .selectFrom("negatives")
      .select("cchash")
      .where("company_id", "=", "DEMO")
      .where("cchash", "is not", null)
      .executeTakeFirstOrThrow();
    const order = freshOrder();
    const outcome = await screenDemo(r.t, {
      ...order,
      card: { ...order.card, cchash: listed.cchash ?? "" },
    });
    const detail = await detailOf(r.t, r.admin, outcome.eventId);
    expect(detail.basic.aaresult).toBe("NG");
    expect(detail.firedRules).toContainEqual(
      expect.objectContaining({ ruleCode: "NEG_CARD", isReasonRule: true }),
    );
    expect(detail.firedRules).toEqual(outcome.firedRules);

    const stored = await r.t.db
      .selectFrom("events")
      .select(["simulation_result", "simulation_release_id"])
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", outcome.eventId)
      .executeTakeFirstOrThrow();
    // The demo package's Simulation release (started 30 days ago) is evaluated in shadow.
    const simulation = stored.simulation_result as {
      releaseId: string;
      aaresult: string;
      firedRules: object[];
    };
    expect(simulation.releaseId).toBe(stored.simulation_release_id);
    expect(detail.simulation).toEqual({
      releaseId: simulation.releaseId,
      aaresult: simulation.aaresult,
      firedRules: simulation.firedRules.map((rule) => expect.objectContaining(rule)),
    });
    expect(detail.simulation?.firedRules.length).toBeGreaterThan(0);
  });

  it("lists related events once each, newest first, with every key they share and their results", async () => {
    const tel = uniqueTel();
    const cchash = uniqueHash();
    const first = freshOrder();
    const a = await screenDemo(r.t, {
      ...first,
      purchaser: { ...first.purchaser, tel },
      card: { ...first.card, cchash },
    });
    r.t.clock.advanceMinutes(10);
    const second = freshOrder({ amount: 7_700 });
    const b = await screenDemo(r.t, { ...second, purchaser: { ...second.purchaser, tel } });
    r.t.clock.advanceMinutes(10);
    const unrelated = await screenDemo(r.t, freshOrder());
    r.t.clock.advanceMinutes(10);
    const third = freshOrder();
    const x = await screenDemo(r.t, {
      ...third,
      purchaser: { ...third.purchaser, tel },
      card: { ...third.card, cchash },
    });
    // The shop refused the first order: its amount no longer counts.
    await r.t.db
      .updateTable("events")
      .set({ maresult: "20" })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", a.eventId)
      .execute();

    const detail = await detailOf(r.t, r.reviewer, x.eventId);
    expect(detail.relatedEvents).toEqual([
      {
        relatedEventId: b.eventId,
        sharedKeys: ["tel"],
        createdAt: expect.any(String),
        aaresult: b.aaresult,
        maresult: null,
        amount: 7_700,
        maAdditionAmountFlg: true,
      },
      {
        relatedEventId: a.eventId,
        sharedKeys: ["cchash", "tel"],
        createdAt: expect.any(String),
        aaresult: a.aaresult,
        maresult: "20",
        amount: 3_300,
        maAdditionAmountFlg: false,
      },
    ]);
    expect(detail.relatedEvents.map((event) => event.relatedEventId)).not.toContain(unrelated.eventId);
    // Related events are earlier ones: the first order has none.
    expect((await detailOf(r.t, r.reviewer, a.eventId)).relatedEvents).toEqual([]);
  });

  it("answers 963 for an unknown event and for another tenant's, never its data", async () => {
    for (const [session, eventId] of [
      [r.admin, "E00000000000000NOSUCH"],
      [r.admin, seeded.acme],
      [r.acme, seeded.demo],
    ] as const) {
      const response = await send(r.t, eventDetail, session, { eventId });
      expect(response.statusCode).toBe(404);
      expectRefusal(response, ERROR.notFound, "404 Not Found: the page or data does not exist.");
      expect(response.body).not.toContain(eventId === seeded.acme ? "ACME-ORD" : "DEMO-ORD");
    }
    expect((await detailOf(r.t, r.acme, seeded.acme)).basic.eventId).toBe(seeded.acme);
    expect((await detailOf(r.t, r.viewer, seeded.demo)).basic.eventId).toBe(seeded.demo);
  });

  it("tells another operator who holds the edit lock and since when, until it expires", async () => {
    const { eventId } = await screenDemo(r.t, freshOrder());
    const begun = await send(r.t, eventEditBegin, r.reviewer, { eventId, version: 1, action: "memo" });
    expectDone(begun);
    const since = r.t.clock.now().toISOString();

    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toEqual({
      kind: "lockedByOther",
      operatorName: "デモ審査者",
      since,
    });
    expect((await detailOf(r.t, r.reviewer, eventId)).editBlock).toBeNull();

    r.t.clock.advanceMinutes(EDIT_LOCK_MINUTES + 1);
    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toBeNull();
  });

  it("shows an event held by a screening or an update job as such, whoever looks", async () => {
    const { eventId } = await screenDemo(r.t, freshOrder());
    const setBusy = (state: "screening" | "updating" | null) =>
      r.t.db
        .updateTable("events")
        .set({ busy_state: state, busy_job_id: state ? "JOB-1" : null })
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .execute();
    await setBusy("screening");
    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toEqual({ kind: "underScreening" });
    await setBusy("updating");
    expect((await detailOf(r.t, r.viewer, eventId)).editBlock).toEqual({ kind: "underUpdate" });
    await setBusy(null);
    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toBeNull();
  });

  it("shows the seeded labels, assignee, memos and manual history of a reviewed demo event", async () => {
    const reviewed = await r.t.db
      .selectFrom("events as e")
      .select("e.event_id")
      .where("e.company_id", "=", "DEMO")
      .where("e.maresult", "is not", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("event_memos as m")
            .select("m.memo_id")
            .whereRef("m.company_id", "=", "e.company_id")
            .whereRef("m.event_id", "=", "e.event_id"),
        ),
      )
      .orderBy("e.event_id")
      .executeTakeFirst();
    const anyMemo = await r.t.db
      .selectFrom("event_memos")
      .select("event_id")
      .where("company_id", "=", "DEMO")
      .orderBy("event_id")
      .executeTakeFirstOrThrow();
    const detail = await detailOf(r.t, r.viewer, reviewed?.event_id ?? anyMemo.event_id);
    expect(detail.basic.labelIds.length).toBeGreaterThan(0);
    expect(detail.basic.labelNames).toEqual(
      DEMO_LABELS.filter((label) => detail.basic.labelIds.includes(label.labelId)).map((label) => label.name),
    );
    expect(detail.memos[0]).toEqual({
      createdAt: expect.any(String),
      operatorName: expect.any(String),
      memo: expect.any(String),
    });
    if (reviewed) {
      expect(detail.manualHistory[0]).toMatchObject({ result: detail.basic.maresult });
      expect(detail.manualHistory[0]?.labelNames).toEqual(detail.basic.labelNames);
    }
  });

  it("lists the tenant's labels in order and its operators as assignees, only the session tenant's", async () => {
    const demoLabels = expectDone<{ labels: unknown[] }>(await send(r.t, eventLabelList, r.viewer, {}));
    expect(demoLabels.labels).toEqual(DEMO_LABELS.map(({ labelId, name }) => ({ labelId, name })));
    const acmeLabels = expectDone<{ labels: unknown[] }>(await send(r.t, eventLabelList, r.acme, {}));
    expect(acmeLabels.labels).toEqual([]);

    // Every operator (the search form's choices), each saying whether it may screen, i.e. be assigned.
    type Choices = { assignees: { operatorName: string; canScreen: boolean }[] };
    const demo = expectDone<Choices>(await send(r.t, eventAssigneeList, r.viewer, {}));
    expect(
      Object.fromEntries(demo.assignees.map(({ operatorName, canScreen }) => [operatorName, canScreen])),
    ).toEqual({ デモ管理者: true, デモ審査者: true, デモ閲覧者: false });
    const acme = expectDone<Choices>(await send(r.t, eventAssigneeList, r.acme, {}));
    expect(acme.assignees.map(({ operatorName, canScreen }) => ({ operatorName, canScreen }))).toEqual([
      { operatorName: "ACME Admin", canScreen: true },
    ]);
  });
});
