/**
 * Keyword matching benchmark (issue 40 part 9; alone: `npx tsx tests/bench/keywordMatching.ts`):
 * screenings through the engine (screenTransaction, the screening API's own path, events stored) on
 * PostgreSQL, one after another, first with the demo's few keywords per category, then with 10,000
 * keywords in every category. The keywords' extra cost is (with - without) / with: the share of a
 * screening's time that contains-matching against 10,000 keywords takes. Target: <= 10%.
 * Figures and ratios only (no timed test). BENCH_KEYWORD_DB_URL: a server to create the database on
 * (default the local console:console server); the database is dropped at the end.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import pg from "pg";
import { type Transaction, transactionSchema } from "../../src/contract/screening.ts";
import { openDatabase } from "../../src/server/db/connect.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { KeywordMatcher } from "../../src/server/lists/keywordMatcher.ts";
import { addKeywords } from "../../src/server/lists/keywordWrites.ts";
import { normalizeKeywordText } from "../../src/server/screening/normalize.ts";
import { screenTransaction } from "../../src/server/screening/screenTransaction.ts";
import { DEMO_KEYWORDS } from "../../src/server/seed/demoLists.ts";
import { seedDemo } from "../../src/server/seed/demoSeed.ts";
import { STANDARD_MODEL } from "../../src/server/services/apiConnectionService.ts";
import { createCredentialCipher } from "../../src/server/services/credentialCipher.ts";

const SERVER_URL = process.env.BENCH_KEYWORD_DB_URL ?? "postgresql://console:console@127.0.0.1:5432/postgres";
const KEYWORDS_PER_CATEGORY = 10_000;
const SCREENINGS = Number(process.env.BENCH_SCREENINGS ?? 300);
const WARM_UP = 100;
const TARGET_SHARE = 0.1;

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** An order of a fresh customer whose texts meet every keyword category (address, items, mail, ...). */
function order(): Transaction {
  return transactionSchema.parse({
    shopEventId: `bench-kw-${hex(8)}`,
    method: "card",
    amount: 4_800,
    totalAmount: 4_800,
    purchaser: {
      shopMemberId: `M-${hex(5)}`,
      zipcode: "1500001",
      fullAddress: `東京都渋谷区神宮前${hex(2)}丁目 サンプルマンション${hex(2)}号室`,
      tel: `090${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`,
      mailAccountHash: hex(32).toUpperCase(),
      mailDomain: `shop${hex(3)}.example.jp`,
      company: `株式会社サンプル${hex(2)}`,
      existingCustomerFlg: "0",
    },
    shipping: {
      fullAddress: `大阪府大阪市北区梅田${hex(2)}-1-1`,
      zipcode: "5300001",
      tel: `090${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`,
      deliveryCompany: "ヤマト運輸",
    },
    items: [
      {
        shopItemId: "A-1",
        itemName: "オーガニックコットン タオル 3枚組",
        price: 1_800,
        quantity: 1,
        category: "日用品",
      },
      {
        shopItemId: "B-2",
        itemName: "ステンレス製 保温ボトル 500ml",
        price: 3_000,
        quantity: 1,
        category: "雑貨",
      },
    ],
    device: { ipaddress: `10.${[...randomBytes(3)].join(".")}`, cookie: `ck-${hex(6)}`, deviceType: "pc" },
    card: { cardBrand: "VISA", bincode: "411111", cchash: hex(32).toUpperCase(), paymentCount: 1 },
  });
}

/**
 * Keywords that look like the real ones (mixed scripts, 3-12 characters) and match none of the
 * orders (also the list screening bench's (m) keywords).
 */
export function syntheticKeywords(count: number, seed: string): string[] {
  const kana = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワ";
  return Array.from({ length: count }, (_, i) => {
    const length = 3 + (i % 10);
    let text = "";
    for (let c = 0; c < length; c++) text += kana[(i * 7 + c * 13 + seed.length) % kana.length];
    return i % 3 === 0 ? `${text}${seed}${i}` : i % 3 === 1 ? `zq${seed}${i}x` : `${text}${i}`;
  });
}

async function timeScreenings(run: () => Promise<unknown>, count: number): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

async function main(): Promise<void> {
  const name = `console_bench_keywords_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-keywords-"));
  const handle = await openDatabase({ dataDir, databaseUrl: url.toString() });
  try {
    const { db } = handle;
    await migrate(db);
    await seedDemo(db, createCredentialCipher(randomBytes(32)), new Date(), { events: 2_000 });
    const deps = { db, now: () => new Date() };
    const target = { companyId: "DEMO", modelId: STANDARD_MODEL.modelId, applicationId: null };
    const screen = () => screenTransaction(deps, target, order());

    const few = await timeScreenings(screen, SCREENINGS);
    for (const category of DEMO_KEYWORDS)
      await addKeywords(
        db,
        "DEMO",
        category.categoryId,
        syntheticKeywords(KEYWORDS_PER_CATEGORY, category.categoryId),
        {
          operatorId: null,
          at: new Date(),
        },
      );
    await sql`analyze keywords`.execute(db);
    const many = await timeScreenings(screen, SCREENINGS);

    // The matching itself, in memory: every category's probes of an order (its addresses, item
    // names, mail domain, company and delivery company) against 10,000 keywords each.
    const rows = await db
      .selectFrom("keywords")
      .select(["category_id", "keyword"])
      .where("company_id", "=", "DEMO")
      .execute();
    const builtAt = performance.now();
    const matcher = new KeywordMatcher(rows);
    const buildMs = performance.now() - builtAt;
    const sample = order();
    const texts = [
      sample.purchaser.fullAddress,
      sample.shipping?.fullAddress,
      sample.purchaser.mailDomain,
      sample.purchaser.company,
      sample.shipping?.deliveryCompany,
      ...(sample.items ?? []).map((item) => item.itemName),
    ].map((text) => normalizeKeywordText(text) ?? "");
    const ROUNDS = 2_000;
    const matchedAt = performance.now();
    for (let round = 0; round < ROUNDS; round++)
      for (const category of DEMO_KEYWORDS)
        for (const text of texts) matcher.match(category.categoryId, text);
    const matchMs = (performance.now() - matchedAt) / ROUNDS;

    const share = (mean(many) - mean(few)) / mean(many);
    const row = (label: string, s: number[]) =>
      `${label.padEnd(44)} mean ${mean(s).toFixed(2).padStart(7)} ms  p50 ${at(s, 0.5).toFixed(2).padStart(7)} ms  p95 ${at(s, 0.95).toFixed(2).padStart(7)} ms`;
    console.log(`\nKeyword matching (PostgreSQL, ${SCREENINGS} screenings one after another, each stored)`);
    console.log(row(`demo keywords (${DEMO_KEYWORDS[0]?.keywords.length ?? 0}-ish per category)`, few));
    console.log(
      row(
        `${KEYWORDS_PER_CATEGORY.toLocaleString("en")} keywords in each of ${DEMO_KEYWORDS.length} categories`,
        many,
      ),
    );
    console.log(`ratio (10,000 keywords / demo keywords): ${(mean(many) / mean(few)).toFixed(2)}x`);
    console.log(
      `difference's share of a screening (noisy on a shared machine): ${(share * 100).toFixed(1)}% (target <= ${TARGET_SHARE * 100}%): ${share <= TARGET_SHARE ? "ok" : "OVER"}`,
    );
    const direct = matchMs / mean(many);
    console.log(
      `in-memory matching per screening: ${matchMs.toFixed(3)} ms = ${(direct * 100).toFixed(2)}% of a screening (target <= ${TARGET_SHARE * 100}%): ${direct <= TARGET_SHARE ? "ok" : "OVER"}`,
    );
    console.log(
      `matcher built from ${rows.length.toLocaleString("en")} keywords in ${buildMs.toFixed(1)} ms (a process's first screening of the tenant)`,
    );
    const reusedAt = performance.now();
    new KeywordMatcher(
      [...rows, { category_id: DEMO_KEYWORDS[0]?.categoryId ?? "", keyword: "新しいキーワード" }],
      matcher.folds,
    );
    console.log(
      `matcher rebuilt after one keyword added: ${(performance.now() - reusedAt).toFixed(1)} ms (the earlier folds reused)`,
    );
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Run alone (the list screening bench (m) imports syntheticKeywords).
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
