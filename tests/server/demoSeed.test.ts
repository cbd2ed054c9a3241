import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ConditionKind, conditionSchema } from "../../src/contract/rules.ts";
import { AUTO_RESULTS } from "../../src/contract/screening.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { publishRelease } from "../../src/server/screening/publishRelease.ts";
import { relatedEvents } from "../../src/server/screening/relatedEvents.ts";
import { screenTransaction } from "../../src/server/screening/screenTransaction.ts";
import { BatchEventWriter } from "../../src/server/seed/batchEventWriter.ts";
import { BatchScreener } from "../../src/server/seed/batchScreener.ts";
import { demoEvents } from "../../src/server/seed/demoEvents.ts";
import { seedDemoLists } from "../../src/server/seed/demoLists.ts";
import { demoReleases } from "../../src/server/seed/demoRules.ts";
import { buildDemoWorld } from "../../src/server/seed/demoWorld.ts";
import { STANDARD_MODEL } from "../../src/server/services/apiConnectionService.ts";
import { createTenant } from "../../src/server/services/tenantService.ts";
import { openTestDatabase, type TestDatabase, testBackends } from "./helpers/testBackends.ts";

const ALL_KINDS: readonly ConditionKind[] = conditionSchema.options.map((option) => option.shape.kind.value);
const DAY_MS = 24 * 60 * 60 * 1000;

describe("demo event generator", () => {
  const now = new Date("2026-11-20T03:00:00Z");
  const generate = (seed: number) =>
    demoEvents(buildDemoWorld(seed, 300), { seed: seed + 1, count: 600, now, shopEventPrefix: "T" });

  it("gives the same transactions for the same seed, others for another", () => {
    const first = generate(11);
    expect(generate(11)).toEqual(first);
    expect(generate(12).map((event) => event.tx)).not.toEqual(first.map((event) => event.tx));
  });

  it("spreads the events over the last 180 days in time order, with ring bursts", () => {
    const events = generate(11);
    expect(events).toHaveLength(600);
    const times = events.map((event) => event.at.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThanOrEqual(now.getTime() - 181 * DAY_MS);
    expect(times.at(-1)).toBeLessThan(now.getTime());
    expect(new Set(events.map((event) => event.tx.shopEventId)).size).toBe(600);
    expect(events.filter((event) => event.ringId !== undefined).length).toBe(30);
    // Only hashes of names and e-mail accounts leave the generator.
    for (const { tx } of events) {
      expect(tx.purchaser.lastNameHash).toMatch(/^[0-9A-F]{64}$/);
      expect(tx.purchaser.mailAccountHash).toMatch(/^[0-9A-F]{64}$/);
    }
  });
});

describe.each(testBackends())("demo seed (%s)", (backend) => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    db = database.handle.db;
  });
  afterAll(() => database?.close());

  it("releases a Normal and a Simulation package using every condition kind, AND and OR units", async () => {
    const releases = await db
      .selectFrom("rule_releases")
      .select(["release_id", "kind", "starts_at"])
      .where("company_id", "=", "DEMO")
      .orderBy("starts_at")
      .execute();
    expect(releases.map((release) => release.kind)).toEqual(["normal", "simulation"]);
    const normal = releases[0]?.release_id as string;
    const rules = await db
      .selectFrom("rules")
      .select(["condition", "group_no"])
      .where("company_id", "=", "DEMO")
      .where("release_id", "=", normal)
      .execute();
    const kinds = new Set(rules.map((rule) => conditionSchema.parse(rule.condition).kind));
    expect([...kinds].sort()).toEqual([...ALL_KINDS].sort());
    expect(rules.length).toBeGreaterThanOrEqual(28);
    expect(new Set(rules.map((rule) => rule.group_no)).size).toBe(6);
    const operators = await db
      .selectFrom("rule_units")
      .select("operator")
      .distinct()
      .where("company_id", "=", "DEMO")
      .where("release_id", "=", normal)
      .execute();
    expect(operators.map((row) => row.operator).sort()).toEqual(["AND", "OR"]);
  });

  it("has events with every automatic result, reason and other fired rules, relations and manual results", async () => {
    const results = await db
      .selectFrom("events")
      .select("aaresult")
      .distinct()
      .where("company_id", "=", "DEMO")
      .execute();
    expect(results.map((row) => row.aaresult).sort()).toEqual([...AUTO_RESULTS].sort());
    const reasons = await db
      .selectFrom("event_fired_rules")
      .select("is_reason_rule")
      .distinct()
      .where("company_id", "=", "DEMO")
      .where("release_kind", "=", "normal")
      .execute();
    expect(reasons.map((row) => row.is_reason_rule).sort()).toEqual([false, true]);
    const { rows: shadow } = await sql<{ n: number }>`select count(*)::int as n from events
      where company_id = 'DEMO' and simulation_result is not null`.execute(db);
    expect(shadow[0]?.n).toBeGreaterThan(0);
    // Related events are read from the link keys: the demo has events sharing at least 4 kinds of key.
    const { rows: shared } = await sql<{ n: number }>`select count(distinct key_type)::int as n from (
        select key_type, key_value from event_link_keys where company_id = 'DEMO'
        group by key_type, key_value having count(*) > 1) s`.execute(db);
    expect(shared[0]?.n).toBeGreaterThanOrEqual(4);
    const manual = await db
      .selectFrom("event_manual_history as h")
      .innerJoin("events as e", (join) =>
        join.onRef("e.company_id", "=", "h.company_id").onRef("e.event_id", "=", "h.event_id"),
      )
      .select(["h.result", "e.maresult", "e.aaresult"])
      .where("h.company_id", "=", "DEMO")
      .execute();
    expect(manual.length).toBeGreaterThan(0);
    for (const row of manual) {
      expect(row.maresult).toBe(row.result);
      expect(["REVIEW", "HOLD"]).toContain(row.aaresult);
    }
  });

  it("keeps ACME's events, lists and links to itself", async () => {
    const count = async (companyId: string) =>
      (
        await db
          .selectFrom("events")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("company_id", "=", companyId)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count("ACME"))).toBeGreaterThan(0);
    expect(Number(await count("CHECK"))).toBe(0);
    // The latest ACME event of a shared key (event IDs start with the time) links only to ACME's own events.
    const { rows: ring } = await sql<{
      event_id: string;
    }>`select max(event_id) as event_id from event_link_keys
      where company_id = 'ACME' group by key_type, key_value having count(*) > 1 limit 1`.execute(db);
    const eventId = ring[0]?.event_id as string;
    const links = await relatedEvents(db, "ACME", eventId);
    expect(links.length).toBeGreaterThan(0);
    const own = await db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", "ACME")
      .where(
        "event_id",
        "in",
        links.map((link) => link.relatedEventId),
      )
      .execute();
    expect(own).toHaveLength(new Set(links.map((link) => link.relatedEventId)).size);
    const { rows: negatives } = await sql<{ company_id: string }>`select distinct company_id from negatives
      order by company_id`.execute(db);
    expect(negatives.map((row) => row.company_id)).toEqual(["ACME", "DEMO"]);
  });

  it("decides each event as screenTransaction does, event by event", { timeout: 180_000 }, async () => {
    const now = new Date();
    const world = buildDemoWorld(77, 150);
    const events = demoEvents(world, { seed: 78, count: 250, now, shopEventPrefix: "EQ" });
    const releases = demoReleases(now);
    for (const companyId of ["EQONE", "EQTWO"]) {
      await createTenant(db, { companyId, name: companyId, contractDiv: "10" });
      await db
        .insertInto("detection_models")
        .values({
          company_id: companyId,
          model_id: STANDARD_MODEL.modelId,
          model_name: STANDARD_MODEL.modelName,
        })
        .execute();
      await publishRelease(db, companyId, STANDARD_MODEL.modelId, releases.normal);
      await publishRelease(db, companyId, STANDARD_MODEL.modelId, releases.simulation);
      await seedDemoLists(db, companyId, world, new Date(now.getTime() - 185 * DAY_MS));
    }
    const target = { companyId: "EQONE", modelId: STANDARD_MODEL.modelId, applicationId: null };
    for (const event of events) {
      await screenTransaction({ db, now: () => event.at }, target, event.tx, { now: event.at });
    }
    const screener = await BatchScreener.load(db, "EQTWO", STANDARD_MODEL.modelId);
    const writer = new BatchEventWriter(db, "EQTWO", STANDARD_MODEL.modelId, null, 100);
    for (const event of events) await writer.add(await screener.screen(event.tx, event.at));
    await writer.flush();

    const outcome = async (companyId: string) => {
      const { rows } = await sql<{
        event_id: string;
        shop_event_id: string;
        aaresult: string;
        rule_group_name: string | null;
        simulation: string | null;
        fired: string | null;
        auth_kind: string | null;
        deadline: Date | null;
      }>`select e.event_id, e.shop_event_id, e.aaresult, e.rule_group_name, e.simulation_result->>'aaresult' as simulation,
          e.auth_kind, e.deadline,
          (select string_agg(f.release_kind || ':' || f.rule_code || ':' || f.is_reason_rule, ',' order by f.release_kind, f.seq)
             from event_fired_rules f where f.company_id = e.company_id and f.event_id = e.event_id) as fired
        from events e where e.company_id = ${companyId} order by e.shop_event_id`.execute(db);
      // Related events per shared key (event IDs differ between the tenants, the links must not).
      const described = [];
      for (const { event_id, ...row } of rows) {
        const counts = new Map<string, number>();
        for (const link of await relatedEvents(db, companyId, event_id))
          counts.set(link.sharedKey, (counts.get(link.sharedKey) ?? 0) + 1);
        const relations = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => `${key}=${n}`);
        described.push({ ...row, relations: relations.join(",") });
      }
      return described;
    };
    const one = await outcome("EQONE");
    expect(one).toHaveLength(250);
    expect(await outcome("EQTWO")).toEqual(one);
    expect(new Set(one.map((row) => row.aaresult)).size).toBeGreaterThanOrEqual(3);
    // Both paths fill the fields a screening sets beyond the verdict.
    expect(one.every((row) => row.auth_kind === "api")).toBe(true);
    const needsDeadline = one.filter((row) => row.aaresult === "REVIEW" || row.aaresult === "HOLD");
    expect(needsDeadline.length).toBeGreaterThan(0);
    expect(needsDeadline.every((row) => row.deadline !== null)).toBe(true);
  });
});
