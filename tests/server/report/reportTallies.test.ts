import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventManualNg, eventNegativeUpdate } from "../../../src/contract/eventActions.ts";
import { JAPAN_OFFSET_MS } from "../../../src/contract/japanTime.ts";
import {
  eventReport,
  type ReportResult,
  type RuleHitResult,
  ruleHitStats,
} from "../../../src/contract/report.ts";
import { foldReportTallies } from "../../../src/server/jobs/reportTallyFold.ts";
import { expectDone, send } from "../eventDetailHarness.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { type Shop, sampleTransaction, screenAsShop, shopOf } from "../screeningApi/shopClient.ts";

/**
 * The day tallies of migration 028 against a recount over the events, key by key: the report's
 * (model, Japan day, automatic result, manual result, negatived) counts and amounts, and the rule
 * hits' (model, day, release kind, rule code, description) figures, once per rule code and event.
 * Keys whose delta rows sum to nothing are left out on both sides.
 */
async function talliesAgainstRecount(t: TestApp) {
  const report = await sql<Record<string, unknown>>`
    with tallied as (select company_id, model_id, day::text as day, aaresult, coalesce(maresult, '-') as maresult, negatived,
        sum(events)::integer as events, sum(amount)::bigint::text as amount
      from report_day_tallies group by 1, 2, 3, 4, 5, 6 having sum(events) <> 0 or sum(amount) <> 0),
    counted as (select company_id, model_id, japan_day(created_at)::text as day, aaresult, coalesce(maresult, '-') as maresult, negatived,
        count(*)::integer as events, sum(amount)::bigint::text as amount
      from events where not logically_deleted group by 1, 2, 3, 4, 5, 6)
    select 'tallied only' as side, * from (select * from tallied except all select * from counted) a
    union all select 'counted only', * from (select * from counted except all select * from tallied) b`.execute(
    t.db,
  );
  const rules = await sql<Record<string, unknown>>`
    with per_event as (
      select e.company_id, e.model_id, japan_day(e.created_at) as day, 'normal' as kind, f.rule_code,
          min(f.rule_description) as description, bool_or(f.is_reason_rule) as reason, e.maresult, e.negatived
        from event_fired_rules f join events e on e.company_id = f.company_id and e.event_id = f.event_id
        where f.release_kind = 'normal' and not e.logically_deleted
        group by e.company_id, e.event_id, f.rule_code
      union all
      select e.company_id, e.model_id, japan_day(e.created_at), 'simulation', r ->> 'ruleCode',
          min(r ->> 'ruleDescription'), bool_or((r ->> 'isReasonRule')::boolean), e.maresult, e.negatived
        from events e cross join lateral jsonb_array_elements(e.simulation_result -> 'firedRules') r
        where not e.logically_deleted and e.simulation_result is not null
        group by e.company_id, e.event_id, r ->> 'ruleCode'),
    counted as (select company_id, model_id, day::text as day, kind, rule_code, description, count(*)::integer as hits,
        (count(*) filter (where reason))::integer as reason_hits, (count(*) filter (where maresult = '20'))::integer as manual_ng,
        (count(*) filter (where maresult = '10'))::integer as manual_ok, (count(*) filter (where negatived))::integer as negatived
      from per_event group by 1, 2, 3, 4, 5, 6),
    tallied as (select company_id, model_id, day::text as day, release_kind, rule_code, rule_description, sum(hits)::integer,
        sum(reason_hits)::integer, sum(manual_ng)::integer, sum(manual_ok)::integer, sum(negatived)::integer
      from rule_hit_day_tallies group by 1, 2, 3, 4, 5, 6 having sum(hits) <> 0)
    select 'tallied only' as side, * from (select * from tallied except all select * from counted) a
    union all select 'counted only', * from (select * from counted except all select * from tallied) b`.execute(
    t.db,
  );
  return { report: report.rows, rules: rules.rows };
}

async function expectTalliesExact(t: TestApp) {
  expect(await talliesAgainstRecount(t)).toEqual({ report: [], rules: [] });
}

const tallyRows = async (t: TestApp): Promise<number> => {
  const { rows } = await sql<{ n: number }>`select ((select count(*) from report_day_tallies)
    + (select count(*) from rule_hit_day_tallies))::integer as n`.execute(t.db);
  return rows[0]?.n ?? 0;
};

const japanDay = (at: Date): string => new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);

describe.each(testBackends())("report day tallies kept by the triggers (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let demo: Shop;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    demo = await shopOf(t, "DEMO");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Today's row of the daily report for MODEL01, beside a direct count of today's events. */
  async function todayAgainstCount() {
    const today = japanDay(t.clock.now());
    const response = await call(
      t.app,
      eventReport,
      { unit: "day", modelId: "MODEL01", from: today, to: today },
      { session: admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    const figures = (response.json().telegram as ReportResult).models[0]?.rows[0]?.figures;
    const { rows } = await sql<{ screened: number; amount: string; ng: number; negative_review: number }>`
      select count(*)::integer as screened, coalesce(sum(amount), 0)::text as amount,
        (count(*) filter (where maresult = '20'))::integer as ng,
        (count(*) filter (where negatived and aaresult = 'REVIEW'))::integer as negative_review
      from events where company_id = 'DEMO' and model_id = 'MODEL01' and not logically_deleted
        and japan_day(created_at) = ${today}::date`.execute(t.db);
    const counted = rows[0];
    expect({
      screened: figures?.screened.count,
      amount: figures?.screened.amount,
      ng: figures?.manual.ng.count,
      negativeReview: figures?.negative.review.count,
    }).toEqual({
      screened: counted?.screened,
      amount: Number(counted?.amount),
      ng: counted?.ng,
      negativeReview: counted?.negative_review,
    });
    return figures;
  }

  it("the seed: every key of both tallies equals a recount over the demo's events", async () => {
    expect(await tallyRows(t)).toBeGreaterThan(0);
    await expectTalliesExact(t);
  });

  it("through the screening API, a manual NG, a negative registered after it, a logical delete and its undoing", async () => {
    const before = await todayAgainstCount();
    const screened = await screenAsShop(t, demo, sampleTransaction({ amount: 7_777 }));
    await expectTalliesExact(t);
    const afterScreening = await todayAgainstCount();
    expect(afterScreening?.screened.count).toBe((before?.screened.count ?? 0) + 1);
    expect(afterScreening?.screened.amount).toBe((before?.screened.amount ?? 0) + 7_777);

    const manual = { eventId: screened.eventId, reason: "なりすまし", memo: "", labelIds: [] as string[] };
    expectDone(await send(t, eventManualNg, admin, { ...manual, version: 1 }));
    await expectTalliesExact(t);
    expect((await todayAgainstCount())?.manual.ng.count).toBe((before?.manual.ng.count ?? 0) + 1);

    expectDone(
      await send(t, eventNegativeUpdate, admin, {
        eventId: screened.eventId,
        version: 2,
        purchaser: "1",
        shipping: "0",
        settleCategory: "01",
        otherCategory: "",
      }),
    );
    const negatived = await t.db
      .selectFrom("events")
      .select("negatived")
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", screened.eventId)
      .executeTakeFirstOrThrow();
    expect(negatived.negatived).toBe(true);
    await expectTalliesExact(t);
    await todayAgainstCount();

    const setDeleted = (deleted: boolean) =>
      t.db
        .updateTable("events")
        .set({ logically_deleted: deleted })
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", screened.eventId)
        .execute();
    await setDeleted(true);
    await expectTalliesExact(t);
    expect((await todayAgainstCount())?.screened).toEqual(before?.screened);
    await setDeleted(false);
    await expectTalliesExact(t);
    expect((await todayAgainstCount())?.screened.count).toBe((before?.screened.count ?? 0) + 1);
  });

  it("a bulk update of the tallied columns moves every figure; an update of other columns writes no tally row", async () => {
    const rowsBefore = await tallyRows(t);
    await t.db
      .updateTable("events")
      .set({ memo: "untallied" })
      .where("company_id", "=", "DEMO")
      .where("aaresult", "=", "OK")
      .execute();
    expect(await tallyRows(t)).toBe(rowsBefore);

    // Many events at once: amounts, the model, the day, the Simulation result, the automatic result.
    await sql`update events set amount = amount + 1 where company_id = 'DEMO' and event_id in
      (select event_id from events where company_id = 'DEMO' order by event_id limit 40)`.execute(t.db);
    await sql`update events set created_at = created_at - interval '9 hours' where company_id = 'DEMO' and event_id in
      (select event_id from events where company_id = 'DEMO' order by event_id desc limit 40)`.execute(t.db);
    await sql`update events set simulation_result = null where company_id = 'DEMO' and event_id in
      (select event_id from events where company_id = 'DEMO' and simulation_result is not null order by event_id limit 5)`.execute(
      t.db,
    );
    await sql`update events set aaresult = 'NG', maresult = null where company_id = 'DEMO' and event_id in
      (select event_id from events where company_id = 'DEMO' and aaresult = 'REVIEW' order by event_id limit 5)`.execute(
      t.db,
    );
    await expectTalliesExact(t);

    // A fired rule row removed and one added on an event: the deciding release's hits follow.
    const { rows } = await sql<{ event_id: string; seq: number }>`select event_id, seq from event_fired_rules
      where company_id = 'DEMO' and release_kind = 'normal' order by event_id limit 1`.execute(t.db);
    const fired = rows[0];
    if (!fired) throw new Error("the demo has fired rules");
    await sql`update event_fired_rules set is_reason_rule = not is_reason_rule
      where company_id = 'DEMO' and event_id = ${fired.event_id} and seq = ${fired.seq}`.execute(t.db);
    await expectTalliesExact(t);
    await sql`delete from event_fired_rules where company_id = 'DEMO' and event_id = ${fired.event_id} and seq = ${fired.seq}`.execute(
      t.db,
    );
    await expectTalliesExact(t);
  });

  it("the fold sums each key's delta rows into one and changes no figure", async () => {
    const today = japanDay(t.clock.now());
    const ruleHits = async () => {
      const response = await call(
        t.app,
        ruleHitStats,
        { unit: "day", modelId: "MODEL01", from: today, to: today },
        { session: admin },
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json().telegram as RuleHitResult;
    };
    const reportBefore = await todayAgainstCount();
    const hitsBefore = await ruleHits();
    const rowsBefore = await tallyRows(t);
    const gone = await foldReportTallies(t.db);
    expect(gone).toBeGreaterThan(0);
    expect(await tallyRows(t)).toBe(rowsBefore - gone);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::integer as n from (select 1 from report_day_tallies
      group by company_id, model_id, day, aaresult, maresult, negatived having count(*) > 1) k`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
    await expectTalliesExact(t);
    expect(await todayAgainstCount()).toEqual(reportBefore);
    expect(await ruleHits()).toEqual(hitsBefore);
    expect(await foldReportTallies(t.db)).toBe(0);
  });
});
