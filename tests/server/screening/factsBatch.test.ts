import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeywordTarget, LinkKey } from "../../../src/contract/rules.ts";
import { type TransactionInput, transactionSchema } from "../../../src/contract/screening.ts";
import { addKeywords } from "../../../src/server/lists/keywordWrites.ts";
import { syncNegativeKeys } from "../../../src/server/lists/negativeLookup.ts";
import { normalizeWhiteValue } from "../../../src/server/lists/whiteLookup.ts";
import type { FactNeeds } from "../../../src/server/screening/factNeeds.ts";
import { gatherFactsBatched } from "../../../src/server/screening/factsBatcher.ts";
import { fixedStatement } from "../../../src/server/screening/fixedStatement.ts";
import { type FactsRequest, gatherFactsOf } from "../../../src/server/screening/gatherFacts.ts";
import { linkKeysOf } from "../../../src/server/screening/linkKeys.ts";
import { enterPending, leavePending } from "../../../src/server/screening/pendingScreenings.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { openScreeningHarness, purchase, type ScreeningHarness } from "./screeningHarness.ts";

const hash = (text: string): string => createHash("sha256").update(text).digest("hex").toUpperCase();
let unique = 0;
const fresh = (prefix: string): string => `${prefix}${Date.now().toString(36)}${++unique}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The facts of several screenings are read in one statement (gatherFactsOf; factsBatcher groups the
 * screenings asking together). Each screening must get exactly the facts it would get alone: nothing
 * of one screening's probes may leak into another's answers.
 */
describe.each(testBackends())("facts read in batches (%s)", (backend) => {
  let h: ScreeningHarness;
  // Later than other cases' events, so only this file's events fall in the windows.
  const base = new Date(Date.now() + 60 * DAY);
  const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
  const category = fresh("BATCHCAT");
  const needs: FactNeeds = {
    negative: true,
    keywords: new Map([
      [category, new Set<KeywordTarget>(["address", "company", "deliveryCompany", "mailDomain", "itemName"])],
    ]),
    velocity: new Map<LinkKey, Set<number>>([
      ["cchash", new Set([HOUR, DAY])],
      ["deviceId", new Set([DAY])],
      ["ipaddress", new Set([DAY])],
      ["mail", new Set([DAY])],
      ["tel", new Set([HOUR])],
      ["address", new Set([DAY])],
    ]),
  };
  const request = (companyId: string, input: TransactionInput, now: Date, guard?: string): FactsRequest => {
    const tx = transactionSchema.parse(input);
    return {
      companyId,
      tx,
      needs,
      linkKeys: linkKeysOf(tx),
      now,
      ...(guard ? { guardApplicationId: guard } : {}),
    };
  };

  // Values some screenings share with earlier events or list entries and others do not.
  const card = hash(fresh("card"));
  const otherCard = hash(fresh("card"));
  const deviceA = fresh("DIDA");
  const deviceB = fresh("DIDB");
  const ip = `198.18.${unique % 250}.${(Date.now() % 250) + 1}`;
  const negativeTel = `080${Date.now().toString().slice(-8)}`;
  const whiteTel = `070${Date.now().toString().slice(-8)}`;
  const mail = { mailAccountHash: hash(fresh("mail")), mailDomain: "example.jp" };
  let applicationId: string;

  beforeAll(async () => {
    h = await openScreeningHarness(backend);
    const negative = await h.db
      .insertInto("negatives")
      .values({ company_id: "DEMO", tel: negativeTel })
      .returning("negative_id")
      .executeTakeFirstOrThrow();
    await syncNegativeKeys(h.db, "DEMO", [String(negative.negative_id)]);
    await h.db
      .insertInto("white_entries")
      .values({
        company_id: "DEMO",
        entry_type: "tel",
        value: normalizeWhiteValue("tel", whiteTel) ?? whiteTel,
      })
      .execute();
    await h.db
      .insertInto("keyword_categories")
      .values({ company_id: "DEMO", category_id: category, name: "batch", target: "address" })
      .execute();
    // Through the lists module, the keywords' only writer: it moves the engine's keyword version.
    await addKeywords(h.db, "DEMO", category, ["転送", "ＡＢＣ"], { operatorId: null, at: new Date() });
    await h.db
      .insertInto("ip_geo_ranges")
      .values({
        company_id: "DEMO",
        range_start: "198.18.0.0",
        range_end: "198.19.255.255",
        country_code: "ZZ",
        country_j_name: "試験",
        country_a_name: "Test",
      })
      .execute();
    applicationId = (
      await h.db
        .selectFrom("api_applications")
        .select("application_id")
        .where("company_id", "=", "DEMO")
        .executeTakeFirstOrThrow()
    ).application_id;
    // History: the card twice (one inside the hour), both device IDs on one event, the IP, the mail.
    await h.screen("DEMO", purchase({ amount: 1_000, card: { cchash: card } }), at(-120));
    await h.screen("DEMO", purchase({ amount: 2_000, card: { cchash: card } }), at(-30));
    await h.screen(
      "DEMO",
      purchase({ amount: 4_000, device: { primaryDid: deviceA, userDeviceId: deviceB, ipaddress: ip } }),
      at(-20),
    );
    await h.screen("DEMO", purchase({ amount: 8_000, device: { primaryDid: deviceB } }), at(-10));
    await h.screen("DEMO", purchase({ amount: 16_000, purchaser: { ...mail, tel: "03-9999-0000" } }), at(-5));
  });
  afterAll(async () => {
    await h?.close();
  });

  const requests = (): FactsRequest[] => [
    request("DEMO", purchase({ amount: 100, card: { cchash: card } }), at(0), applicationId),
    request("DEMO", purchase({ amount: 200, card: { cchash: otherCard } }), at(0)),
    // Both device IDs: the event that had both counts once (with the other one: 2 events, 12,000).
    request(
      "DEMO",
      purchase({ amount: 300, device: { primaryDid: deviceA, userDeviceId: deviceB, ipaddress: ip } }),
      at(1),
    ),
    request(
      "DEMO",
      purchase({ amount: 400, purchaser: { ...mail, fullAddress: "東京都転送センター", tel: negativeTel } }),
      at(2),
    ),
    request(
      "DEMO",
      purchase({
        amount: 500,
        purchaser: { fullAddress: "ａｂｃ通り転送", tel: whiteTel },
        shipping: { tel: negativeTel },
      }),
      at(3),
      "no-such-application",
    ),
    // Another tenant: none of DEMO's lists, history or ranges.
    request(
      "ACME",
      purchase({
        amount: 600,
        card: { cchash: card },
        device: { ipaddress: ip },
        purchaser: { ...mail, tel: negativeTel },
      }),
      at(4),
    ),
  ];

  it("answers each screening of a batch exactly as it would be answered alone", async () => {
    const batch = requests();
    const alone = [];
    for (const one of batch) alone.push((await gatherFactsOf(h.db, [one]))[0]);
    const together = await gatherFactsOf(h.db, batch);
    expect(together).toEqual(alone);
    // And those answers differ from screening to screening, as their data does.
    const [cardTwice, otherCardFacts, devices, mailAndNegative, whiteAndKeywords, acme] = together.map(
      (gathered) => gathered?.facts,
    );
    expect(cardTwice?.velocity.get(`cchash|${HOUR}`)).toEqual({ count: 2, amount: 2_100 });
    expect(cardTwice?.velocity.get(`cchash|${DAY}`)).toEqual({ count: 3, amount: 3_100 });
    expect(otherCardFacts?.velocity.get(`cchash|${DAY}`)).toEqual({ count: 1, amount: 200 });
    expect(devices?.velocity.get(`deviceId|${DAY}`)).toEqual({ count: 3, amount: 12_300 });
    expect(devices?.velocity.get(`ipaddress|${DAY}`)).toEqual({ count: 2, amount: 4_300 });
    expect(devices?.ipCountry).toBe("ZZ");
    expect(mailAndNegative?.firstTimeCustomer).toBe(false);
    expect([...(mailAndNegative?.negativeHits ?? [])]).toEqual(["purchaser:tel"]);
    expect([...(mailAndNegative?.keywordHits ?? [])]).toEqual([
      [`${category}|address|purchaser`, { prefix: false, contains: true }],
    ]);
    expect([...(whiteAndKeywords?.white ?? [])]).toEqual(["tel"]);
    expect([...(whiteAndKeywords?.negativeHits ?? [])]).toEqual(["shipping:tel"]);
    // NFKC lower case: "ＡＢＣ" starts "ａｂｃ通り転送".
    expect(whiteAndKeywords?.keywordHits.get(`${category}|address|purchaser`)).toEqual({
      prefix: true,
      contains: true,
    });
    expect(whiteAndKeywords?.firstTimeCustomer).toBe(true);
    expect(acme).toMatchObject({ firstTimeCustomer: true, ipCountry: undefined });
    expect(acme?.negativeHits.size).toBe(0);
    expect(acme?.velocity.get(`cchash|${DAY}`)).toEqual({ count: 1, amount: 600 });
    // The guard: the named application's current fingerprint, null for none or an unknown one.
    expect(together[0]?.guard).toMatch(/^[0-9a-f]{32}$/);
    expect(together.slice(1).map((gathered) => gathered?.guard)).toEqual([null, null, null, null, null]);
  });

  it("groups screenings asking together into batches and answers each its own", async () => {
    const batch = requests();
    const alone = [];
    for (const one of batch) alone.push((await gatherFactsOf(h.db, [one]))[0]);
    // Twice over, concurrently and in another order.
    const together = await Promise.all(
      [...batch, ...[...batch].reverse()].map((one) => gatherFactsBatched(h.db, one)),
    );
    expect(together).toEqual([...alone, ...[...alone].reverse()]);
  });

  it("counts a pending screening once, whether or not its store has committed", async () => {
    const burstCard = hash(fresh("pending"));
    const enter = (input: ReturnType<typeof purchase>, now: Date, eventId: string) => {
      const tx = transactionSchema.parse(input);
      return enterPending(h.db, {
        companyId: "DEMO",
        shopEventId: tx.shopEventId,
        at: now,
        amount: tx.amount,
        linkKeys: linkKeysOf(tx),
        eventId,
      });
    };
    const asked = (now: Date) => {
      const input = purchase({ amount: 30, card: { cchash: burstCard } });
      const one = request("DEMO", input, now);
      return { ...one, pending: enter(input, now, `E-NOT-STORED-${fresh("")}`) };
    };
    // Committed, but still listed: its store's commit returned after the read was asked.
    const stored = await h.screen("DEMO", purchase({ amount: 10, card: { cchash: burstCard } }), at(10));
    const committed = enter(purchase({ amount: 10, card: { cchash: burstCard } }), at(10), stored.eventId);
    // Not stored yet.
    const inFlight = enter(purchase({ amount: 20, card: { cchash: burstCard } }), at(11), "E-IN-FLIGHT");
    const later = asked(at(12));
    const before = asked(at(9));
    try {
      const [laterFacts, beforeFacts] = await gatherFactsOf(h.db, [later, before]);
      // Itself, the committed one (stored and listed: once), the one in flight and the one of its
      // batch screened before it: 4, 90.
      expect(laterFacts?.facts.velocity.get(`cchash|${HOUR}`)).toEqual({ count: 4, amount: 90 });
      // Screened before all of them: none of the three counts.
      expect(beforeFacts?.facts.velocity.get(`cchash|${HOUR}`)).toEqual({ count: 1, amount: 30 });
    } finally {
      for (const pending of [committed, inFlight, later.pending, before.pending]) leavePending(h.db, pending);
    }
    // Off the list, the stored one still counts (from the database) and the other no longer does.
    const [after] = await gatherFactsOf(h.db, [
      request("DEMO", purchase({ amount: 30, card: { cchash: burstCard } }), at(12)),
    ]);
    expect(after?.facts.velocity.get(`cchash|${HOUR}`)).toEqual({ count: 2, amount: 40 });
  });

  it("answers the others when one screening's read fails the batch", async () => {
    const [good, other] = requests();
    // PostgreSQL refuses a NUL character in text: this screening's probes fail any statement they are in.
    const bad = request("DEMO", purchase({ purchaser: { fullAddress: "東京都\u0000港区" } }), at(5));
    const settled = await Promise.allSettled(
      [good, bad, other].map((one) => gatherFactsBatched(h.db, one as FactsRequest)),
    );
    expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(settled[0]).toEqual({
      status: "fulfilled",
      value: (await gatherFactsOf(h.db, [good as FactsRequest]))[0],
    });
  });
});

describe.each(testBackends())("a fixed statement (%s)", (backend) => {
  let h: ScreeningHarness;
  beforeAll(async () => {
    h = await openScreeningHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  const statement = fixedStatement(
    ["word", "numbers"] as const,
    (p) => sql<{ word: string; total: number; fixed: string }>`select ${p.word}::text as word,
      (select coalesce(sum(n), 0)::int from unnest(${p.numbers}::int[]) as n) as total, ${"always"}::text as fixed`,
  );

  it("binds each run's own values, also when runs overlap, and keeps values written inline", async () => {
    const runs = Array.from({ length: 12 }, (_, index) => ({
      word: `word ${index}`,
      numbers: Array.from({ length: index }, (_, n) => n + 1),
    }));
    const answers = await Promise.all(runs.map((values) => statement.execute(h.db, values)));
    expect(answers).toEqual(
      runs.map((values, index) => [{ word: values.word, total: (index * (index + 1)) / 2, fixed: "always" }]),
    );
    expect(await statement.execute(h.db, { word: "again", numbers: [] })).toEqual([
      { word: "again", total: 0, fixed: "always" },
    ]);
  });
});
