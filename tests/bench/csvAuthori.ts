import pg from "pg";
import { openDatabase } from "../../src/server/db/connect.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { CSV_AUTHORI_COLUMNS, csvAuthoriRowHandler } from "../../src/server/uploads/csvAuthoriRows.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import { benchDatabaseUrl, removeEventsSince } from "./benchDatabase.ts";
import { benchUploadPipeline, rssGrowthRow, timedUpload } from "./benchUploads.ts";
import type { BenchRow } from "./screening.ts";

const COMPANY = "DEMO";
const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
// BENCH_CSV_PRIORITY=10 or 20 runs one priority only (for profiling one; the figures are for both).
const PRIORITIES = (["10", "20"] as const).filter(
  (priority) => !process.env.BENCH_CSV_PRIORITY || process.env.BENCH_CSV_PRIORITY === priority,
);
const TARGETS = { "10": 5_000, "20": 2_000 } as const;

/** The upload file: realistic orders, a phone number shared by a handful of rows, one item each. */
function fileText(prefix: string): string {
  const index = new Map(CSV_AUTHORI_COLUMNS.map((column, i) => [column, i]));
  const lines = [CSV_AUTHORI_COLUMNS.join(",")];
  for (let i = 0; i < ROWS; i++) {
    const cells = new Array<string>(CSV_AUTHORI_COLUMNS.length).fill("");
    const put = (column: string, value: string) => {
      cells[index.get(column) as number] = value;
    };
    put("shopEventId", `${prefix}${i}`);
    put("method", i % 3 === 0 ? "cod" : "card");
    put("amount", String(1_000 + (i % 50_000)));
    put("purchaser.shopMemberId", `BM${i % 40_000}`);
    put("purchaser.zipcode", `1${String(i % 1000).padStart(2, "0")}-00${i % 10}1`);
    put("purchaser.fullAddress", `東京都港区芝公園${i % 500}-${i % 30}`);
    put("purchaser.tel", `090-${String(Math.floor(i / 5)).padStart(8, "0")}`);
    put("purchaser.mailDomain", i % 2 ? "example.jp" : "mail.example.com");
    put("item.itemName", "ベンチ商品");
    put("item.price", String(1_000 + (i % 50_000)));
    put("item.quantity", "1");
    put("device.ipaddress", `203.0.${(i >> 8) % 256}.${i % 256}`);
    lines.push(cells.join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** COPY ... FROM STDIN of one buffer, as the pg client's "submittable" (cf. src/server/db/tenantCopy.ts). */
class CopyIn {
  constructor(
    readonly text: string,
    private readonly data: Buffer,
    private readonly resolve: () => void,
    private readonly reject: (error: Error) => void,
  ) {}
  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    for (let at = 0; at < this.data.length; at += 1 << 20)
      connection.sendCopyFromChunk(this.data.subarray(at, at + (1 << 20)));
    connection.endCopyFrom();
  }
  handleError(error: Error): void {
    this.reject(error);
  }
  handleReadyForQuery(): void {
    this.resolve();
  }
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
}

/** PostgreSQL COPY of the same file (CSV, header) into a scratch table of text columns: ms. */
async function copyBaseline(url: string, bytes: Buffer): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = CSV_AUTHORI_COLUMNS.map((_, i) => `c${i} text`).join(", ");
    await client.query(`create temporary table csv_bench_scratch (${columns})`);
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      client.query(
        new CopyIn(
          "copy csv_bench_scratch from stdin (format csv, header true)",
          bytes,
          resolve,
          reject,
        ) as never,
      );
    });
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

export async function csvAuthoriBenchmark(): Promise<BenchRow[]> {
  const url = await benchDatabaseUrl();
  const dataDir = await freshDataDir();
  const handle = await openDatabase({ dataDir, databaseUrl: url });
  const rows: BenchRow[] = [];
  const since = new Date();
  try {
    await migrate(handle.db);
    const operator = await handle.db
      .selectFrom("operators")
      .select(["id", "role_id"])
      .where("company_id", "=", COMPANY)
      .orderBy("id")
      .executeTakeFirst();
    const stored = await handle.db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("company_id", "=", COMPANY)
      .executeTakeFirstOrThrow();
    console.log(
      `\n(j) CSV screening of ${ROWS.toLocaleString("en-US")} rows; ${COMPANY} holds ${Number(stored.n).toLocaleString("en-US")} events (${url.includes("host=") ? "Unix socket" : "TCP"})`,
    );
    if (!operator) {
      console.log(
        "  no DEMO operator in the bench database: run the screening benchmark first (it seeds it)",
      );
      return rows;
    }
    const pipeline = benchUploadPipeline(handle.db, dataDir, ROWS, csvAuthoriRowHandler);
    const auth = { companyId: COMPANY, operatorId: operator.id, roleId: operator.role_id, secretHash: "" };
    for (const priority of PRIORITIES) {
      const bytes = Buffer.from(fileText(`BENCHCSV-${priority}-${since.getTime()}-`));
      const copyMs = await copyBaseline(url, bytes);
      const {
        status,
        elapsedMs: elapsed,
        rssBefore,
        growthMb,
      } = await timedUpload(pipeline, auth, "CsvAuthori", bytes, { priority });
      const perSecond = (ROWS * 1000) / elapsed;
      const copyPerSecond = (ROWS * 1000) / copyMs;
      const name = priority === "10" ? "speed" : "accuracy";
      console.log(
        `  ${name}: ${status.state}, ${status.appliedRows} applied, ${status.refusedRows} refused in ${(elapsed / 1000).toFixed(1)} s; COPY ${copyMs.toFixed(0)} ms`,
      );
      rows.push(
        {
          metric: `(j) CSV screening ${name} rows/s`,
          value: perSecond.toFixed(0),
          baseline: `COPY ${copyPerSecond.toFixed(0)}/s`,
          ratio: `${(copyPerSecond / perSecond).toFixed(1)}x slower`,
          target: `>= ${TARGETS[priority]}`,
          verdict: perSecond >= TARGETS[priority] ? "ok" : "UNDER",
        },
        rssGrowthRow(`(j) CSV screening ${name} RSS growth`, rssBefore, growthMb),
      );
    }
    return rows;
  } finally {
    const removed = await removeEventsSince(url, COMPANY, since).catch(() => 0);
    console.log(`  removed the run's ${removed} events`);
    await handle.close();
    await removeDataDir(dataDir);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await csvAuthoriBenchmark()) console.log(row);
  process.exit(0);
}
