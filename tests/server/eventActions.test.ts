import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallSpec } from "../../src/contract/call.ts";
import { ERROR } from "../../src/contract/errors.ts";
import {
  EDIT_LOCK_MINUTES,
  EDIT_LOCK_RENEW_MINUTES,
  EVENT_ACTIONS,
  eventAssign,
  eventEditBegin,
  eventEditEnd,
  eventLabelsUpdate,
  eventManualHold,
  eventManualNg,
  eventManualOk,
  eventMemoAdd,
  eventNegativeUpdate,
  eventReasonList,
  SUGGESTED_REASONS,
  SUGGESTED_REASONS_FROM,
} from "../../src/contract/eventActions.ts";
import { messageText } from "../../src/contract/messages.ts";
import { eventResultCall } from "../../src/contract/screeningApi.ts";
import {
  detailOf,
  expectDone,
  expectRefusal,
  freshOrder,
  openReviewApp,
  type ReviewApp,
  screenDemo,
  seededEventIds,
  send,
} from "./eventDetailHarness.ts";
import type { Session } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";
import { shopCall, shopOf } from "./screeningApi/shopClient.ts";

const manual = { reason: "", memo: "", labelIds: [] as string[] };
const negativeNothing = { purchaser: "0", shipping: "0", settleCategory: "", otherCategory: "" };

/** One valid request of every save, for an event at a version. */
const everySave = (eventId: string, version: number): [CallSpec, Record<string, unknown>][] => [
  [eventManualOk, { eventId, version, ...manual }],
  [eventManualNg, { eventId, version, ...manual, reason: "なりすまし" }],
  [eventManualHold, { eventId, version, ...manual }],
  [eventNegativeUpdate, { eventId, version, ...negativeNothing, purchaser: "1" }],
  [eventMemoAdd, { eventId, version, memo: "確認中" }],
  [eventAssign, { eventId, version, assigneeId: null }],
  [eventLabelsUpdate, { eventId, version, labelIds: ["L01"] }],
];

describe.each(testBackends())("event actions (%s)", (backend) => {
  let r: ReviewApp;
  let seeded: { demo: string; acme: string };

  beforeAll(async () => {
    r = await openReviewApp(backend);
    seeded = await seededEventIds(r.t);
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  const newEvent = async () => (await screenDemo(r.t, freshOrder())).eventId;

  /** Everything a refused save must leave untouched. */
  async function footprint(eventId: string) {
    const { rows } = await sql<Record<string, unknown>>`select e.version, e.maresult, e.assignee_id,
        e.label_names, e.negatived,
        (select count(*)::int from event_manual_history h where h.company_id = e.company_id and h.event_id = e.event_id) as history,
        (select count(*)::int from event_memos m where m.company_id = e.company_id and m.event_id = e.event_id) as memos,
        (select count(*)::int from event_labels l where l.company_id = e.company_id and l.event_id = e.event_id) as labels,
        (select count(*)::int from negatives n where n.company_id = e.company_id and n.event_id = e.event_id) as negatives
      from events e where e.company_id = 'DEMO' and e.event_id = ${eventId}`.execute(r.t.db);
    return rows[0];
  }

  const lockOf = (eventId: string) =>
    r.t.db
      .selectFrom("event_edit_locks")
      .selectAll()
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .executeTakeFirst();

  it("refuses every action of a viewer with 962, on the server, writing nothing", async () => {
    const eventId = await newEvent();
    const before = await footprint(eventId);
    for (const [spec, telegram] of everySave(eventId, 1)) {
      const response = await send(r.t, spec, r.viewer, telegram);
      expect(response.statusCode, spec.name).toBe(403);
      expectRefusal(response, ERROR.forbidden);
    }
    for (const action of EVENT_ACTIONS) {
      const response = await send(r.t, eventEditBegin, r.viewer, { eventId, version: 1, action });
      expectRefusal(response, ERROR.forbidden);
    }
    expect(await footprint(eventId)).toEqual(before);
    expect(await lockOf(eventId)).toBeUndefined();
    // The reviewer's role may write on every event dialog.
    for (const action of EVENT_ACTIONS) {
      expectDone(await send(r.t, eventEditBegin, r.reviewer, { eventId, version: 1, action }));
    }
  });

  it("answers 963 on every call for an unknown event and for another tenant's", async () => {
    for (const [session, eventId] of [
      [r.admin, "E00000000000000NOSUCH"],
      [r.admin, seeded.acme],
      [r.acme, seeded.demo],
    ] as [Session, string][]) {
      const calls: [CallSpec, Record<string, unknown>][] = [
        ...everySave(eventId, 1),
        [eventEditBegin, { eventId, version: 1, action: "ok" }],
        [eventEditEnd, { eventId }],
      ];
      for (const [spec, telegram] of calls) {
        const response = await send(r.t, spec, session, telegram);
        expect(response.statusCode, `${spec.name} ${eventId}`).toBe(404);
        expectRefusal(response, ERROR.notFound);
      }
    }
    const acmeEvent = await r.t.db
      .selectFrom("events")
      .select("version")
      .where("company_id", "=", "ACME")
      .where("event_id", "=", seeded.acme)
      .executeTakeFirstOrThrow();
    expect(acmeEvent.version).toBe(1);
  });

  it("refuses a save against a stale version with 015 and writes nothing", async () => {
    const eventId = await newEvent();
    expectDone(await send(r.t, eventMemoAdd, r.admin, { eventId, version: 1, memo: "一件目" }));
    const before = await footprint(eventId);
    expect(before?.version).toBe(2);
    for (const [spec, telegram] of everySave(eventId, 1)) {
      const response = await send(r.t, spec, r.admin, telegram);
      expect(response.statusCode, spec.name).toBe(409);
      expectRefusal(
        response,
        ERROR.conflict,
        "Another user is updating the same information. Please reload and try again.",
      );
    }
    expectRefusal(
      await send(r.t, eventEditBegin, r.admin, { eventId, version: 1, action: "ok" }),
      ERROR.conflict,
    );
    expect(await footprint(eventId)).toEqual(before);
    expect(await lockOf(eventId)).toBeUndefined();
  });

  it("keeps an event another operator opened read-only (688) until saved, ended or expired", async () => {
    const eventId = await newEvent();
    const begun = expectDone<{ lockedUntil: string }>(
      await send(r.t, eventEditBegin, r.reviewer, { eventId, version: 1, action: "ng" }),
    );
    expect(new Date(begun.lockedUntil).getTime()).toBe(
      r.t.clock.now().getTime() + EDIT_LOCK_MINUTES * 60_000,
    );

    const before = await footprint(eventId);
    expectRefusal(
      await send(r.t, eventEditBegin, r.admin, { eventId, version: 1, action: "memo" }),
      ERROR.editLocked,
      "This event is being edited by another user.",
    );
    for (const [spec, telegram] of everySave(eventId, 1)) {
      const response = await send(r.t, spec, r.admin, telegram);
      expect(response.statusCode, spec.name).toBe(409);
      expectRefusal(response, ERROR.editLocked);
    }
    expect(await footprint(eventId)).toEqual(before);
    // Ending someone else's lock does nothing.
    expectDone(await send(r.t, eventEditEnd, r.admin, { eventId }));
    expect((await lockOf(eventId))?.operator_name).toBe("デモ審査者");

    // The lock holder saves: the version moves on and the lock is gone.
    const saved = expectDone(
      await send(r.t, eventManualNg, r.reviewer, { eventId, version: 1, ...manual, reason: "転売の疑い" }),
    );
    expect(saved.detail.version).toBe(2);
    expect(saved.detail.editBlock).toBeNull();
    expect(await lockOf(eventId)).toBeUndefined();
    expectDone(await send(r.t, eventEditBegin, r.admin, { eventId, version: 2, action: "memo" }));

    // The admin's lock now: ended by its owner, after which the reviewer may begin.
    expectRefusal(
      await send(r.t, eventEditBegin, r.reviewer, { eventId, version: 2, action: "memo" }),
      ERROR.editLocked,
    );
    expectDone(await send(r.t, eventEditEnd, r.admin, { eventId }));
    expect(await lockOf(eventId)).toBeUndefined();
    expectDone(await send(r.t, eventEditBegin, r.reviewer, { eventId, version: 2, action: "memo" }));

    // An expired lock blocks nobody.
    r.t.clock.advanceMinutes(EDIT_LOCK_MINUTES + 1);
    expectDone(await send(r.t, eventMemoAdd, r.admin, { eventId, version: 2, memo: "期限切れ後" }));
  });

  it("renews an operator's own lock when they begin again: the end moves on, the 'since' others are told stays", async () => {
    const eventId = await newEvent();
    const began = r.t.clock.now().toISOString();
    expectDone(await send(r.t, eventEditBegin, r.reviewer, { eventId, version: 1, action: "ng" }));
    r.t.clock.advanceMinutes(EDIT_LOCK_RENEW_MINUTES);
    const renewed = expectDone<{ lockedUntil: string }>(
      await send(r.t, eventEditBegin, r.reviewer, { eventId, version: 1, action: "ng" }),
    );
    expect(new Date(renewed.lockedUntil).getTime()).toBe(
      r.t.clock.now().getTime() + EDIT_LOCK_MINUTES * 60_000,
    );
    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toEqual({
      kind: "lockedByOther",
      operatorName: "デモ審査者",
      since: began,
    });
    // Past the first lock's end, the renewed one still holds the event.
    r.t.clock.advanceMinutes(EDIT_LOCK_MINUTES - EDIT_LOCK_RENEW_MINUTES + 1);
    expectRefusal(
      await send(r.t, eventEditBegin, r.admin, { eventId, version: 1, action: "memo" }),
      ERROR.editLocked,
    );
    // Lapsed, it is free; begun again after that, the edit starts afresh.
    r.t.clock.advanceMinutes(EDIT_LOCK_RENEW_MINUTES);
    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toBeNull();
    const again = r.t.clock.now().toISOString();
    expectDone(await send(r.t, eventEditBegin, r.reviewer, { eventId, version: 1, action: "ng" }));
    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toMatchObject({ since: again });
  });

  it("refuses edits of an event a job is screening (999) or updating (1000)", async () => {
    const eventId = await newEvent();
    for (const [state, code, message] of [
      ["screening", ERROR.underScreening, "Screening is in progress. Please check the history screen."],
      ["updating", ERROR.underUpdate, "An update is in progress. Please wait."],
    ] as const) {
      await r.t.db
        .updateTable("events")
        .set({ busy_state: state, busy_job_id: "JOB-42" })
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .execute();
      const before = await footprint(eventId);
      expectRefusal(
        await send(r.t, eventEditBegin, r.admin, { eventId, version: 1, action: "ok" }),
        code,
        message,
      );
      for (const [spec, telegram] of everySave(eventId, 1)) {
        expectRefusal(await send(r.t, spec, r.admin, telegram), code);
      }
      expect(await footprint(eventId)).toEqual(before);
    }
    await r.t.db
      .updateTable("events")
      .set({ busy_state: null, busy_job_id: null })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .execute();
    expectDone(await send(r.t, eventManualOk, r.admin, { eventId, version: 1, ...manual }));
  });

  it("shows a logically deleted event as such and refuses every edit of it, until it is restored", async () => {
    const eventId = await newEvent();
    const deleted = (value: boolean) =>
      r.t.db
        .updateTable("events")
        .set({ logically_deleted: value })
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .execute();
    await deleted(true);
    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toEqual({ kind: "deleted" });
    const before = await footprint(eventId);
    expectRefusal(
      await send(r.t, eventEditBegin, r.admin, { eventId, version: 1, action: "memo" }),
      ERROR.eventDeleted,
      messageText("en", "error.eventDeleted"),
    );
    for (const [spec, telegram] of everySave(eventId, 1)) {
      expectRefusal(await send(r.t, spec, r.admin, telegram), ERROR.eventDeleted);
    }
    expect(await footprint(eventId)).toEqual(before);
    await deleted(false);
    expect((await detailOf(r.t, r.admin, eventId)).editBlock).toBeNull();
    expectDone(await send(r.t, eventMemoAdd, r.admin, { eventId, version: 1, memo: "復元後" }));
  });

  it("suggests the tenant's most frequent reasons among its latest results of the kind, never another tenant's", async () => {
    const eventId = await newEvent();
    const mine = "共有端末からの連続注文";
    for (const [version, reason] of [mine, mine, `  ${mine} `].entries())
      expectDone(
        await send(r.t, eventManualHold, r.reviewer, { eventId, version: version + 1, ...manual, reason }),
      );

    /** The same rule, worked out from the rows: count, then latest, then code point order. */
    async function expected(companyId: string, result: "10" | "30"): Promise<string[]> {
      const rows = await r.t.db
        .selectFrom("event_manual_history")
        .select(["reason", "updated_at"])
        .where("company_id", "=", companyId)
        .where("result", "=", result)
        .orderBy("updated_at", "desc")
        .limit(SUGGESTED_REASONS_FROM)
        .execute();
      const byReason = new Map<string, { count: number; latest: number }>();
      for (const row of rows) {
        const reason = (row.reason ?? "").trim();
        if (reason === "") continue;
        const at = new Date(row.updated_at).getTime();
        const seen = byReason.get(reason) ?? { count: 0, latest: at };
        byReason.set(reason, { count: seen.count + 1, latest: Math.max(seen.latest, at) });
      }
      const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0) as number);
      const byCodePoint = (a: string, b: string) => {
        const [x, y] = [codePoints(a), codePoints(b)];
        for (let i = 0; i < Math.min(x.length, y.length); i++)
          if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
        return x.length - y.length;
      };
      return [...byReason]
        .sort(([a, p], [b, q]) => q.count - p.count || q.latest - p.latest || byCodePoint(a, b))
        .slice(0, SUGGESTED_REASONS)
        .map(([reason]) => reason);
    }

    const demoHold = expectDone<{ reasons: string[] }>(
      await send(r.t, eventReasonList, r.viewer, { result: "30" }),
    );
    expect(demoHold.reasons).toEqual(await expected("DEMO", "30"));
    // Given three times (once with blanks around it), it is one suggestion.
    expect(demoHold.reasons.filter((reason) => reason.includes(mine))).toEqual([mine]);
    const demoOk = expectDone<{ reasons: string[] }>(
      await send(r.t, eventReasonList, r.viewer, { result: "10" }),
    );
    expect(demoOk.reasons).toEqual(await expected("DEMO", "10"));
    expect(demoOk.reasons).not.toContain(mine);
    const acmeHold = expectDone<{ reasons: string[] }>(
      await send(r.t, eventReasonList, r.acme, { result: "30" }),
    );
    expect(acmeHold.reasons).toEqual(await expected("ACME", "30"));
    expect(acmeHold.reasons).not.toContain(mine);
    expectRefusal(await send(r.t, eventReasonList, r.viewer, { result: "99" }), ERROR.validation);
  });

  it("records manual results with reason, memo, labels and operator, newest first; the shop reads them", async () => {
    const outcome = await screenDemo(r.t, freshOrder());
    const { eventId } = outcome;

    const noReason = await send(r.t, eventManualNg, r.admin, { eventId, version: 1, ...manual });
    expect(expectRefusal(noReason, ERROR.validation)).toEqual([
      { code: ERROR.validation, field: "telegram.reason", message: "This is a required field" },
    ]);

    const ng = await send(r.t, eventManualNg, r.reviewer, {
      eventId,
      version: 1,
      reason: "カード会社照会の結果、不正利用",
      memo: "本人に連絡つかず",
      labelIds: ["L04", "L01"],
    });
    expect(ng.json().messages).toEqual([{ code: "002", message: "Update is complete." }]);
    const afterNg = expectDone(ng).detail;
    expect(afterNg.version).toBe(2);
    expect(afterNg.basic.maresult).toBe("20");
    expect(afterNg.basic.labelIds).toEqual(["L01", "L04"]);
    expect(afterNg.basic.labelNames).toEqual(["要確認", "チャージバック注意"]);
    expect(afterNg.manualHistory).toEqual([
      {
        updatedAt: r.t.clock.now().toISOString(),
        result: "20",
        reason: "カード会社照会の結果、不正利用",
        operatorName: "デモ審査者",
        memo: "本人に連絡つかず",
        labelNames: ["要確認", "チャージバック注意"],
      },
    ]);

    r.t.clock.advanceMinutes(3);
    const ok = expectDone(await send(r.t, eventManualOk, r.admin, { eventId, version: 2, ...manual })).detail;
    expect(ok.basic.maresult).toBe("10");
    expect(ok.basic.labelIds).toEqual([]);
    expect(ok.manualHistory.map((entry) => [entry.result, entry.operatorName, entry.reason])).toEqual([
      ["10", "デモ管理者", null],
      ["20", "デモ審査者", "カード会社照会の結果、不正利用"],
    ]);
    const hold = expectDone(
      await send(r.t, eventManualHold, r.admin, { eventId, version: 3, ...manual, reason: "顧客へ確認中" }),
    ).detail;
    expect(hold.basic.maresult).toBe("30");
    expect(hold.manualHistory).toHaveLength(3);

    // The screening API's "current result" of the event is the manual one now.
    const shop = await shopOf(r.t, "DEMO");
    const read = await shopCall(r.t, eventResultCall, shop, { eventId });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().telegram).toMatchObject({ eventId, aaresult: outcome.aaresult, maresult: "30" });
  });

  it("refuses labels that are not the tenant's, on manual results and label updates, writing nothing", async () => {
    const eventId = await newEvent();
    const before = await footprint(eventId);
    for (const [spec, telegram] of [
      [eventManualOk, { eventId, version: 1, ...manual, labelIds: ["L01", "NOPE"] }],
      [eventLabelsUpdate, { eventId, version: 1, labelIds: ["NOPE"] }],
    ] as const) {
      const errors = expectRefusal(await send(r.t, spec, r.admin, telegram, "ja"), ERROR.validation);
      expect(errors).toEqual([
        { code: ERROR.validation, field: "telegram.labelIds", message: "この企業のラベルではありません" },
      ]);
    }
    expect(await footprint(eventId)).toEqual(before);
  });

  it("replaces the event's labels (searchable rows and names in step); a tenant without labels gets 914", async () => {
    const eventId = await newEvent();
    const labelled = expectDone(
      await send(r.t, eventLabelsUpdate, r.reviewer, { eventId, version: 1, labelIds: ["L05", "L02"] }),
    ).detail;
    expect(labelled.basic.labelNames).toEqual(["転売疑い", "高額注文"]);
    const rows = await r.t.db
      .selectFrom("event_labels")
      .select("label_id")
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .orderBy("label_id")
      .execute();
    expect(rows.map((row) => row.label_id)).toEqual(["L02", "L05"]);
    const cleared = expectDone(
      await send(r.t, eventLabelsUpdate, r.reviewer, { eventId, version: 2, labelIds: [] }),
    ).detail;
    expect(cleared.basic.labelNames).toEqual([]);
    const stored = await r.t.db
      .selectFrom("events")
      .select("label_names")
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .executeTakeFirstOrThrow();
    expect(stored.label_names).toEqual([]);

    const acmeVersion = (await detailOf(r.t, r.acme, seeded.acme)).version;
    const none = await send(r.t, eventLabelsUpdate, r.acme, {
      eventId: seeded.acme,
      version: acmeVersion,
      labelIds: [],
    });
    expectRefusal(none, ERROR.noLabels, "No labels are registered.");
    expect((await detailOf(r.t, r.acme, seeded.acme)).version).toBe(acmeVersion);
  });

  it("adds screening memos up to 500 characters, newest first, and refuses 501 or none", async () => {
    const eventId = await newEvent();
    const longest = "あ".repeat(500);
    const first = await send(r.t, eventMemoAdd, r.reviewer, { eventId, version: 1, memo: longest });
    expect(first.json().messages).toEqual([{ code: "001", message: "Registration is complete." }]);
    r.t.clock.advanceMinutes(1);
    const second = expectDone(
      await send(r.t, eventMemoAdd, r.admin, { eventId, version: 2, memo: "  前後の空白は除く  " }),
    ).detail;
    expect(second.memos).toEqual([
      { createdAt: r.t.clock.now().toISOString(), operatorName: "デモ管理者", memo: "前後の空白は除く" },
      { createdAt: expect.any(String), operatorName: "デモ審査者", memo: longest },
    ]);

    const before = await footprint(eventId);
    for (const [lang, message] of [
      ["en", "must be at most 500 characters"],
      ["ja", "500文字以内で入力してください"],
    ] as const) {
      const tooLong = await send(
        r.t,
        eventMemoAdd,
        r.admin,
        { eventId, version: 3, memo: "あ".repeat(501) },
        lang,
      );
      expect(expectRefusal(tooLong, ERROR.validation)).toEqual([
        { code: ERROR.validation, field: "telegram.memo", message },
      ]);
    }
    expectRefusal(
      await send(r.t, eventMemoAdd, r.admin, { eventId, version: 3, memo: "   " }),
      ERROR.validation,
    );
    expect(await footprint(eventId)).toEqual(before);
  });

  it("assigns an operator of the tenant who may screen, or nobody; a viewer or another tenant's operator is refused", async () => {
    const eventId = await newEvent();
    const demoOperator = (email: string) =>
      r.t.db
        .selectFrom("operators")
        .select("id")
        .where("company_id", "=", "DEMO")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
    const reviewer = await demoOperator("reviewer@demo.example");
    const viewer = await demoOperator("viewer@demo.example");
    const acmeAdmin = await r.t.db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", "ACME")
      .executeTakeFirstOrThrow();

    const assigning = await send(r.t, eventAssign, r.admin, { eventId, version: 1, assigneeId: reviewer.id });
    const assigned = expectDone(assigning).detail;
    expect(assigned.basic).toMatchObject({ assigneeId: reviewer.id, assigneeName: "デモ審査者" });
    expect(assigning.json().messages.map((item: { code: string }) => item.code)).toEqual(["001"]);

    const before = await footprint(eventId);
    const foreign = await send(r.t, eventAssign, r.admin, { eventId, version: 2, assigneeId: acmeAdmin.id });
    expect(expectRefusal(foreign, ERROR.validation)).toEqual([
      { code: ERROR.validation, field: "telegram.assigneeId", message: "is not an operator of this company" },
    ]);
    // The viewer's role cannot write a manual result, so it cannot be the one to screen the event.
    const cannotScreen = await send(r.t, eventAssign, r.admin, {
      eventId,
      version: 2,
      assigneeId: viewer.id,
    });
    expect(expectRefusal(cannotScreen, ERROR.validation)).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.assigneeId",
        message: "cannot screen events (no permission for OK, NG or HOLD)",
      },
    ]);
    expect(await footprint(eventId)).toEqual(before);

    const unassigning = await send(r.t, eventAssign, r.admin, { eventId, version: 2, assigneeId: null });
    const unassigned = expectDone(unassigning).detail;
    expect(unassigned.basic).toMatchObject({ assigneeId: null, assigneeName: null });
    // Removing the assignee is a deletion (003), not a registration.
    expect(unassigning.json().messages.map((item: { code: string }) => item.code)).toEqual(["003"]);
  });

  it("lets exactly one of two simultaneous saves of the same version through; the other gets 015", async () => {
    const eventId = await newEvent();
    const [first, second] = await Promise.all([
      send(r.t, eventMemoAdd, r.admin, { eventId, version: 1, memo: "管理者のメモ" }),
      send(r.t, eventManualNg, r.reviewer, { eventId, version: 1, ...manual, reason: "審査者の判定" }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expectRefusal(loser, ERROR.conflict);
    const after = await footprint(eventId);
    expect(after?.version).toBe(2);
    // Exactly the winner's write is there.
    expect(Number(after?.memos) + Number(after?.history)).toBe(1);
  });

  it("gives the edit lock to exactly one of two operators opening a dialog at once", async () => {
    const eventId = await newEvent();
    const [first, second] = await Promise.all([
      send(r.t, eventEditBegin, r.admin, { eventId, version: 1, action: "ok" }),
      send(r.t, eventEditBegin, r.reviewer, { eventId, version: 1, action: "ng" }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = first.statusCode === 200 ? [r.admin, second] : [r.reviewer, first];
    expectRefusal(loser, ERROR.editLocked);
    const lock = await lockOf(eventId);
    expect(lock?.operator_name).toBe(winner === r.admin ? "デモ管理者" : "デモ審査者");
  });

  it("never lets a save slip past a dialog another operator opens at the same moment", async () => {
    const eventId = await newEvent();
    const [begin, save] = await Promise.all([
      send(r.t, eventEditBegin, r.admin, { eventId, version: 1, action: "memo" }),
      send(r.t, eventMemoAdd, r.reviewer, { eventId, version: 1, memo: "同時の保存" }),
    ]);
    if (begin.statusCode === 200) {
      // The dialog opened first: the save waited for it and found the lock.
      expectRefusal(save, ERROR.editLocked);
      expect((await footprint(eventId))?.memos).toBe(0);
    } else {
      // The save went first: the dialog was opened on a version that no longer is.
      expectRefusal(begin, ERROR.conflict);
      expect(save.statusCode, save.body).toBe(200);
      expect(await lockOf(eventId)).toBeUndefined();
    }
  });
});
