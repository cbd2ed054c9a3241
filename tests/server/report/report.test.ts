import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION } from "../../../src/contract/codes.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { JAPAN_OFFSET_MS } from "../../../src/contract/japanTime.ts";
import {
  eventReport,
  eventReportCsv,
  type ReportFigures,
  type ReportResult,
  type ReportUnit,
  type RuleHitResult,
  ruleHitCsv,
  ruleHitStats,
} from "../../../src/contract/report.ts";
import {
  call,
  createTestApp,
  loginAs,
  type Session,
  setRolePermission,
  type TestApp,
} from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

interface StoredEvent {
  event_id: string;
  model_id: string;
  created_at: Date;
  aaresult: string;
  maresult: string | null;
  negatived: boolean;
  amount: number;
  logically_deleted: boolean;
  simulation_result: unknown;
}

/** The Japan-time month or day of an instant, counted here by hand (UTC+9). */
const japanKey = (unit: ReportUnit, at: Date): string =>
  new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, unit === "month" ? 7 : 10);

/** A period's figures counted straight from the event rows, as the spec defines each. */
function expectedFigures(events: readonly StoredEvent[]): ReportFigures {
  const tally = (keep: (e: StoredEvent) => boolean) => {
    const kept = events.filter(keep);
    return { count: kept.length, amount: kept.reduce((sum, e) => sum + e.amount, 0) };
  };
  const ng = tally((e) => e.aaresult === "NG");
  const okNegative = tally((e) => e.negatived && e.aaresult === "OK");
  const reviewNegative = tally((e) => e.negatived && e.aaresult === "REVIEW");
  const denominator = okNegative.count + ng.count + reviewNegative.count;
  return {
    screened: tally(() => true),
    auto: {
      ok: tally((e) => e.aaresult === "OK"),
      ng,
      hold: tally((e) => e.aaresult === "HOLD"),
      review: tally((e) => e.aaresult === "REVIEW"),
    },
    manual: {
      ok: tally((e) => e.maresult === "10"),
      ng: tally((e) => e.maresult === "20"),
      hold: tally((e) => e.maresult === "30"),
      none: tally((e) => e.maresult === null),
    },
    negative: {
      ok: okNegative,
      review: reviewNegative,
      ng: tally((e) => e.negatived && e.aaresult === "NG"),
    },
    captureRate: denominator === 0 ? null : (ng.count + reviewNegative.count) / denominator,
  };
}

const stepKey = (unit: ReportUnit, key: string, by: number): string => {
  const date = new Date(`${unit === "month" ? `${key}-01` : key}T00:00:00Z`);
  if (unit === "month") date.setUTCMonth(date.getUTCMonth() + by);
  else date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, unit === "month" ? 7 : 10);
};

describe.each(testBackends())("screening result report (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let viewer: Session;
  let acme: Session;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    viewer = await loginAs(t.app, "DEMO", "viewer@demo.example");
    acme = await loginAs(t.app, "ACME", "admin@acme.example");
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const storedEvents = async (companyId: string): Promise<StoredEvent[]> =>
    t.db
      .selectFrom("events")
      .select([
        "event_id",
        "model_id",
        "created_at",
        "aaresult",
        "maresult",
        "negatived",
        "amount",
        "logically_deleted",
        "simulation_result",
      ])
      .where("company_id", "=", companyId)
      .execute();

  async function report(session: Session, telegram: Record<string, unknown>): Promise<ReportResult> {
    const response = await call(t.app, eventReport, telegram, { session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().telegram as ReportResult;
  }

  /** Every figure of every row, previous period and totals against a count over the stored events. */
  async function expectExactReport(
    session: Session,
    unit: ReportUnit,
    from: string,
    to: string,
    modelId = "",
  ): Promise<ReportResult> {
    const result = await report(session, { unit, modelId, from, to });
    const events = (await storedEvents(session.companyId)).filter((e) => !e.logically_deleted);
    const models = await t.db
      .selectFrom("detection_models")
      .select("model_id")
      .where("company_id", "=", session.companyId)
      .orderBy("model_id")
      .execute();
    const modelIds = modelId === "" ? models.map((m) => m.model_id) : [modelId];
    expect(result.models.map((m) => m.modelId)).toEqual(modelIds);
    const keys: string[] = [];
    for (let key = from; key <= to; key = stepKey(unit, key, 1)) keys.push(key);
    for (const model of result.models) {
      const ofModel = events.filter((e) => e.model_id === model.modelId);
      const inPeriod = (key: string) => ofModel.filter((e) => japanKey(unit, e.created_at) === key);
      expect(model.rows.map((row) => row.period)).toEqual(keys);
      for (const row of model.rows) {
        expect(row.figures).toEqual(expectedFigures(inPeriod(row.period)));
        expect(row.previous).toEqual(expectedFigures(inPeriod(stepKey(unit, row.period, -1))));
      }
      expect(model.totals).toEqual(
        expectedFigures(ofModel.filter((e) => keys.includes(japanKey(unit, e.created_at)))),
      );
    }
    return result;
  }

  /** The Japan-time span of a tenant's events, to report over all of them. */
  async function eventSpan(companyId: string, unit: ReportUnit) {
    const keys = (await storedEvents(companyId)).map((e) => japanKey(unit, e.created_at)).sort();
    return { from: keys[0] ?? "2026-01", to: keys.at(-1) ?? "2026-01" };
  }

  it("monthly report of the demo: every figure equals a direct count, per model and for each model", async () => {
    const { from, to } = await eventSpan("DEMO", "month");
    const result = await expectExactReport(admin, "month", from, to);
    const screened = result.models.reduce((sum, m) => sum + m.totals.screened.count, 0);
    expect(screened).toBeGreaterThan(0);
    const [first] = result.models;
    if (first) await expectExactReport(admin, "month", from, to, first.modelId);
  });

  it("daily report of the demo's last 31 days equals a direct count; the default periods", async () => {
    const { to } = await eventSpan("DEMO", "day");
    await expectExactReport(admin, "day", stepKey("day", to, -30), to);
    const daily = await report(admin, { unit: "day" });
    expect(daily.models[0]?.rows).toHaveLength(31);
    expect(daily.to).toBe(japanKey("day", t.clock.now()));
    const monthly = await report(admin, { unit: "month" });
    expect(monthly.models[0]?.rows).toHaveLength(12);
    expect(monthly.from).toBe(stepKey("month", japanKey("month", t.clock.now()), -11));
  });

  it("edge set: a period without events, midnight in Japan, a logically deleted event, a negative after a manual result", async () => {
    const empty = await expectExactReport(admin, "month", "2001-01", "2001-03");
    expect(empty.models[0]?.totals.screened.count).toBe(0);
    expect(empty.models[0]?.totals.captureRate).toBeNull();

    const [before, after, deleted, reviewed] = await t.db
      .selectFrom("events")
      .select(["event_id", "aaresult"])
      .where("company_id", "=", "DEMO")
      .where("aaresult", "=", "REVIEW")
      .orderBy("event_id")
      .limit(4)
      .execute();
    if (!before || !after || !deleted || !reviewed) throw new Error("the demo needs four REVIEW events");
    const move = (eventId: string, at: string) =>
      t.db
        .updateTable("events")
        .set({ created_at: new Date(at) })
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .execute();
    // 23:59:59.999 on 31 March and 00:00 on 1 April, Japan time.
    await move(before.event_id, "2025-03-31T14:59:59.999Z");
    await move(after.event_id, "2025-03-31T15:00:00.000Z");
    await move(deleted.event_id, "2025-03-31T15:00:00.000Z");
    await move(reviewed.event_id, "2025-04-01T03:00:00.000Z");
    await t.db
      .updateTable("events")
      .set({ logically_deleted: true })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", deleted.event_id)
      .execute();
    const daily = await expectExactReport(admin, "day", "2025-03-31", "2025-04-01");
    const model = (await storedEvents("DEMO")).find((e) => e.event_id === before.event_id)?.model_id;
    const rows = daily.models.find((m) => m.modelId === model)?.rows ?? [];
    expect(rows.map((row) => row.figures.screened.count)).toEqual([1, 2]);
    await expectExactReport(admin, "month", "2025-03", "2025-04");

    // An operator's manual NG first, the negative registration later: both show, and the capture rate moves.
    await t.db
      .updateTable("events")
      .set({ maresult: "20" })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", reviewed.event_id)
      .execute();
    await expectExactReport(admin, "day", "2025-03-31", "2025-04-01");
    await t.db
      .updateTable("events")
      .set({ negatived: true })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", reviewed.event_id)
      .execute();
    const negatived = await expectExactReport(admin, "day", "2025-03-31", "2025-04-01");
    const april = negatived.models.find((m) => m.modelId === model)?.rows[1]?.figures;
    expect(april?.negative.review.count).toBe(1);
    expect(april?.manual.ng.count).toBe(1);
    expect(april?.captureRate).toBe(1);
  });

  it("rule hit statistics equal a direct count over the fired rules, normal and Simulation", async () => {
    const { from, to } = await eventSpan("DEMO", "month");
    const [model] = (await report(admin, { unit: "month", from, to })).models;
    if (!model) throw new Error("the demo has a model");
    const response = await call(
      t.app,
      ruleHitStats,
      { unit: "month", modelId: model.modelId, from, to },
      { session: admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().telegram as RuleHitResult;

    const events = new Map(
      (await storedEvents("DEMO"))
        .filter((e) => !e.logically_deleted && e.model_id === model.modelId)
        .filter((e) => japanKey("month", e.created_at) >= from && japanKey("month", e.created_at) <= to)
        .map((e) => [e.event_id, e]),
    );
    const fired = await t.db
      .selectFrom("event_fired_rules")
      .select(["event_id", "rule_code", "is_reason_rule"])
      .where("company_id", "=", "DEMO")
      .where("release_kind", "=", "normal")
      .execute();
    const count = (list: { eventId: string; ruleCode: string; reason: boolean }[]) => {
      const perCode = new Map<string, { hits: Set<string>; reason: Set<string> }>();
      for (const f of list) {
        if (!events.has(f.eventId)) continue;
        const entry = perCode.get(f.ruleCode) ?? { hits: new Set(), reason: new Set() };
        entry.hits.add(f.eventId);
        if (f.reason) entry.reason.add(f.eventId);
        perCode.set(f.ruleCode, entry);
      }
      return new Map(
        [...perCode].map(([code, entry]) => {
          const of = [...entry.hits].map((id) => events.get(id) as StoredEvent);
          return [
            code,
            {
              hits: entry.hits.size,
              reasonHits: entry.reason.size,
              manualNg: of.filter((e) => e.maresult === "20").length,
              manualOk: of.filter((e) => e.maresult === "10").length,
              negatived: of.filter((e) => e.negatived).length,
            },
          ];
        }),
      );
    };
    const expectMatches = (rows: RuleHitResult["normal"], expected: ReturnType<typeof count>) => {
      for (const row of rows) {
        const { ruleCode, hits, reasonHits, manualNg, manualOk, negatived } = row;
        const want = expected.get(ruleCode) ?? {
          hits: 0,
          reasonHits: 0,
          manualNg: 0,
          manualOk: 0,
          negatived: 0,
        };
        expect({ ruleCode, hits, reasonHits, manualNg, manualOk, negatived }).toEqual({ ruleCode, ...want });
      }
      expect(
        rows
          .filter((row) => row.hits > 0)
          .map((row) => row.ruleCode)
          .sort(),
      ).toEqual([...expected.keys()].sort());
      expect(rows.map((row) => row.hits)).toEqual([...rows.map((row) => row.hits)].sort((a, b) => b - a));
    };
    const normal = count(
      fired.map((f) => ({ eventId: f.event_id, ruleCode: f.rule_code, reason: f.is_reason_rule })),
    );
    expect(normal.size).toBeGreaterThan(0);
    expectMatches(result.normal, normal);
    const simulated = [...events.values()].flatMap((e) => {
      const rules =
        (e.simulation_result as { firedRules?: { ruleCode: string; isReasonRule: boolean }[] } | null)
          ?.firedRules ?? [];
      return rules.map((r) => ({ eventId: e.event_id, ruleCode: r.ruleCode, reason: r.isReasonRule }));
    });
    expectMatches(result.simulation, count(simulated));
  });

  it("CSV files: the report and the rule hits, UTF-8 with a BOM, a header and a totals row per model", async () => {
    const { from, to } = await eventSpan("DEMO", "month");
    const result = await report(admin, { unit: "month", from, to });
    const response = await call(
      t.app,
      eventReportCsv,
      { unit: "month", from, to },
      { session: admin, lang: "ja" },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { fileName, content } = response.json().telegram as { fileName: string; content: string };
    expect(fileName).toBe(`eventReport_month_all_${from.replace("-", "")}-${to.replace("-", "")}.csv`);
    expect(content.startsWith("\uFEFF検知モデル,期間,審査件数")).toBe(true);
    const lines = content
      .slice(1)
      .split("\r\n")
      .filter((line) => line !== "");
    const rowsPerModel = result.models[0]?.rows.length ?? 0;
    expect(lines).toHaveLength(1 + result.models.length * (rowsPerModel + 1));
    const totals = lines.find((line) => line.split(",")[1] === "合計")?.split(",");
    expect(Number(totals?.[2])).toBe(result.models[0]?.totals.screened.count);

    const modelId = result.models[0]?.modelId ?? "";
    const hits = await call(t.app, ruleHitCsv, { unit: "month", modelId, from, to }, { session: admin });
    expect(hits.statusCode, hits.body).toBe(200);
    expect((hits.json().telegram as { content: string }).content.startsWith("\uFEFFRelease,Rule code")).toBe(
      true,
    );
  });

  it("tenant isolation: another tenant's model is refused, a tenant's report holds only its own events", async () => {
    // The demo tenants share their model IDs: one model of DEMO's own, which ACME cannot name.
    const demoModel = "DEMO_ONLY_MODEL";
    await t.db
      .insertInto("detection_models")
      .values({ company_id: "DEMO", model_id: demoModel, model_name: "DEMO only" })
      .execute();
    const refused = await call(t.app, eventReport, { unit: "month", modelId: demoModel }, { session: acme });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe(ERROR.validation);
    const hits = await call(t.app, ruleHitStats, { unit: "month", modelId: demoModel }, { session: acme });
    expect(hits.json().errors[0].code).toBe(ERROR.validation);
    const { from, to } = await eventSpan("ACME", "month");
    const own = await expectExactReport(acme, "month", from, to);
    expect(own.models.map((m) => m.modelId)).not.toContain(demoModel);
  });

  it("permissions: readable is enough (viewer); not available answers 962 on every call", async () => {
    await report(viewer, { unit: "day" });
    await setRolePermission(t.db, { roleId: "viewer", screenIds: ["EventReportNegative"] }, PERMISSION.none);
    try {
      const refusedViewer = await loginAs(t.app, "DEMO", "viewer@demo.example");
      for (const spec of [eventReport, eventReportCsv]) {
        const response = await call(t.app, spec, { unit: "day" }, { session: refusedViewer });
        expect(response.json().errors[0].code).toBe(ERROR.forbidden);
      }
      for (const spec of [ruleHitStats, ruleHitCsv]) {
        const response = await call(t.app, spec, { unit: "day", modelId: "X" }, { session: refusedViewer });
        expect(response.json().errors[0].code).toBe(ERROR.forbidden);
      }
    } finally {
      await setRolePermission(
        t.db,
        { roleId: "viewer", screenIds: ["EventReportNegative"] },
        PERMISSION.readable,
      );
    }
  });

  it("a period longer than allowed or ending before it starts is refused", async () => {
    const long = await call(
      t.app,
      eventReport,
      { unit: "day", from: "2026-01-01", to: "2026-06-01" },
      { session: admin },
    );
    expect(long.json().errors[0].code).toBe(ERROR.validation);
    const reversed = await call(
      t.app,
      eventReport,
      { unit: "month", from: "2026-05", to: "2026-01" },
      { session: admin },
    );
    expect(reversed.json().errors[0].code).toBe(ERROR.validation);
    const badDay = await call(t.app, eventReport, { unit: "day", from: "2026-02-30" }, { session: admin });
    expect(badDay.json().errors[0].code).toBe(ERROR.validation);
  });
});
