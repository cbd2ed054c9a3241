import type { Kysely } from "kysely";
import type { z } from "zod";
import { messageText } from "../../contract/messages.ts";
import {
  cardSchema,
  deviceSchema,
  orderItemSchema,
  partySchema,
  type Transaction,
  transactionSchema,
} from "../../contract/screening.ts";
import { CSV_SCREENING_PRIORITY, type CsvAuthoriOptions } from "../../contract/uploadOptions.ts";
import { issueMessage } from "../../contract/validation.ts";
import type { Database } from "../db/schema.ts";
import { type ScreeningOutcome, screenTransactionsTogether } from "../screening/screenTransaction.ts";
import type { RowBatchContext, RowOutcome, UploadRow, UploadRowHandler } from "./rowHandler.ts";
import { rowText } from "./rowTexts.ts";

/**
 * CsvAuthori (/CsvAuthori): each row is one transaction with the screening API's fields, flattened
 * into columns (purchaser.tel, item.price, card.bincode...; one order item per row), validated by the
 * screening API's own schema and screened by the engine as the API screens (screenTransaction: the
 * tenant's deciding release, fired rules, related events, the Simulation shadow), stored with auth
 * kind "csv". docs/uploads.md has the columns and what the two priorities do.
 */

const TOP_COLUMNS = [
  "shopEventId",
  "modelId",
  "method",
  "amount",
  "totalAmount",
  "requestedAt",
  "daysToPayment",
  "tenantName",
  "forcedNg",
  "memo",
] as const;
const keysOf = (schema: z.ZodObject, without: string | null = null) =>
  Object.keys(schema.shape).filter((key) => key !== without);

export const CSV_AUTHORI_COLUMNS: readonly string[] = [
  ...TOP_COLUMNS,
  ...keysOf(partySchema, "deliveryCompany").map((key) => `purchaser.${key}`),
  ...keysOf(partySchema, "mediaCode").map((key) => `shipping.${key}`),
  ...keysOf(orderItemSchema).map((key) => `item.${key}`),
  ...keysOf(deviceSchema).map((key) => `device.${key}`),
  ...keysOf(cardSchema).map((key) => `card.${key}`),
];

const NUMERIC = new Set([
  "amount",
  "totalAmount",
  "daysToPayment",
  "item.price",
  "item.quantity",
  "card.paymentCount",
]);
const GROUPS = ["purchaser", "shipping", "item", "device", "card"] as const;

/** A cell as the API's JSON would carry it: digits as numbers, forcedNg 1/0 as true/false. */
function cellValue(column: string, raw: string): unknown {
  if (NUMERIC.has(column)) return /^[+-]?\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (column === "forcedNg") return raw === "1" ? true : raw === "0" ? false : raw;
  return raw;
}

/** The row as the screening API's request body: empty cells left out, a group only when it has a value. */
export function rowTransactionInput(values: Readonly<Record<string, string>>): Record<string, unknown> {
  const top: Record<string, unknown> = {};
  const groups: Record<(typeof GROUPS)[number], Record<string, unknown>> = {
    purchaser: {},
    shipping: {},
    item: {},
    device: {},
    card: {},
  };
  for (const column of CSV_AUTHORI_COLUMNS) {
    const raw = (values[column] ?? "").trim();
    if (raw === "") continue;
    const dot = column.indexOf(".");
    if (dot < 0) top[column] = cellValue(column, raw);
    else
      groups[column.slice(0, dot) as (typeof GROUPS)[number]][column.slice(dot + 1)] = cellValue(column, raw);
  }
  const has = (group: Record<string, unknown>) => Object.keys(group).length > 0;
  return {
    ...top,
    purchaser: groups.purchaser,
    ...(has(groups.shipping) ? { shipping: groups.shipping } : {}),
    ...(has(groups.item) ? { items: [groups.item] } : {}),
    ...(has(groups.device) ? { device: groups.device } : {}),
    ...(has(groups.card) ? { card: groups.card } : {}),
  };
}

/** The column of a zod issue's path (items.0.price -> item.price). */
const issueColumn = (path: readonly PropertyKey[]): string | null => {
  if (path.length === 0) return null;
  if (path[0] === "items") return path.length >= 3 ? `item.${String(path[2])}` : "item.price";
  return path.map(String).join(".");
};

type Validated =
  | { row: UploadRow; tx: Transaction; modelId: string }
  | { row: UploadRow; refused: RowOutcome };

/** The model a row without one is screened with: the tenant's first API application's, else its first model. */
async function defaultModel(db: Kysely<Database>, companyId: string): Promise<string | null> {
  const application = await db
    .selectFrom("api_applications")
    .select("model_id")
    .where("company_id", "=", companyId)
    .orderBy("application_id")
    .executeTakeFirst();
  if (application) return application.model_id;
  const model = await db
    .selectFrom("detection_models")
    .select("model_id")
    .where("company_id", "=", companyId)
    .orderBy("model_id")
    .executeTakeFirst();
  return model?.model_id ?? null;
}

/** Each row's screening time: the batch's, and never the same millisecond as the row before (file order). */
const lastRowTime = new Map<string, number>();
function rowTime(context: RowBatchContext): Date {
  const at = Math.max(context.now.getTime(), (lastRowTime.get(context.jobId) ?? 0) + 1);
  lastRowTime.set(context.jobId, at);
  return new Date(at);
}

async function validate(
  db: Kysely<Database>,
  context: RowBatchContext,
  rows: readonly UploadRow[],
): Promise<Validated[]> {
  const { companyId, lang } = context;
  const models = new Set(
    (
      await db.selectFrom("detection_models").select("model_id").where("company_id", "=", companyId).execute()
    ).map((row) => row.model_id),
  );
  const fallback = await defaultModel(db, companyId);
  const seen = new Set<string>();
  return rows.map((row): Validated => {
    const refuse = (column: string | null, message: string): Validated => ({
      row,
      refused: { applied: false, column, message },
    });
    const parsed = transactionSchema.safeParse(rowTransactionInput(row.values));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (!issue) return refuse(null, messageText(lang, "validation.invalidType"));
      return refuse(issueColumn(issue.path), issueMessage(lang, issue));
    }
    const tx = parsed.data;
    const modelId = tx.modelId || fallback;
    if (tx.modelId && !models.has(tx.modelId))
      return refuse("modelId", messageText(lang, "validation.unknownModel"));
    if (!modelId) return refuse("modelId", rowText(lang, "noModel"));
    if (seen.has(tx.shopEventId))
      return refuse("shopEventId", rowText(lang, "duplicateInFile", { column: "shopEventId" }));
    seen.add(tx.shopEventId);
    return { row, tx, modelId };
  });
}

/** The events this job stored under screening, among the given ones (a run taken over finds its own). */
async function heldByJob(
  db: Kysely<Database>,
  context: RowBatchContext,
  eventIds: readonly string[],
): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("events")
    .select("event_id")
    .where("company_id", "=", context.companyId)
    .where("event_id", "in", eventIds)
    .where("busy_job_id", "=", context.jobId)
    .execute();
  return new Set(rows.map((row) => row.event_id));
}

/**
 * The events each run's last prepared batch holds. The upload job prepares a batch while the one
 * before it commits (pipelined), after every earlier one has: only the previous batch's events may
 * still be held by the job without being a row's own from a run taken over.
 */
const previousBatchEvents = new WeakMap<object, ReadonlySet<string>>();

interface Screened {
  outcomes: RowOutcome[];
  eventIds: string[];
}

const warnLogger = {
  warn: (details: object, message: string) =>
    console.warn(JSON.stringify({ level: "warn", msg: message, ...details })),
};

export const csvAuthoriRowHandler: UploadRowHandler = {
  fileType: "CsvAuthori",
  columns: CSV_AUTHORI_COLUMNS,
  pipelined: true,
  sampleRows: [
    {
      shopEventId: "ORDER-0001",
      method: "card",
      amount: "12800",
      requestedAt: "2026-04-01T10:15:00+09:00",
      "purchaser.shopMemberId": "M000123",
      "purchaser.zipcode": "150-0001",
      "purchaser.fullAddress": "東京都渋谷区神宮前1-1-1",
      "purchaser.tel": "03-1234-5678",
      "purchaser.mailDomain": "example.jp",
      "item.itemName": "ワイヤレスイヤホン",
      "item.price": "12800",
      "item.quantity": "1",
      "device.ipaddress": "203.0.113.7",
    },
    {
      shopEventId: "ORDER-0002",
      method: "cod",
      amount: "3980",
      "purchaser.shopMemberId": "M000456",
      "purchaser.fullAddress": "大阪府大阪市北区梅田2-2-2",
      "purchaser.tel": "06-9876-5432",
      "shipping.fullAddress": "大阪府大阪市北区梅田2-2-2",
      "item.itemName": "Tシャツ",
      "item.price": "1990",
      "item.quantity": "2",
    },
  ],

  /**
   * Validates and screens the batch before its transaction: the engine commits each event itself,
   * stored under screening (999) for this job until the batch's transaction (its checkpoint) commits.
   * A run taken over after a crash screens the batch again: the events it stored before are found by
   * their shop event ID, still held by this job, and count as applied; any other stored one is refused.
   */
  async prepareBatch(db, context, rows): Promise<Screened> {
    const { priority } = context.options as CsvAuthoriOptions;
    const validated = await validate(db, context, rows);
    // Both screen the batch's rows together (screenTransactionsTogether: the batch's facts read in a
    // few statements, all before any row is stored, then its events stored in a few statements and
    // commits). Accuracy lists each row as pending from its start, in file order, so every row counts
    // the rows before it although they are not stored yet (pendingScreenings.ts), and each row has its
    // own later screening time; speed screens them unlisted: the rows of a batch see only what was
    // stored before the batch.
    const unlisted = priority !== CSV_SCREENING_PRIORITY.accuracy;
    const screenable = validated.flatMap((entry) =>
      "tx" in entry
        ? [
            {
              target: {
                companyId: context.companyId,
                modelId: entry.modelId,
                applicationId: null,
                authKind: "csv" as const,
                busyJobId: context.jobId,
              },
              tx: entry.tx,
              now: rowTime(context),
            },
          ]
        : [],
    );
    const settled = await screenTransactionsTogether({ db, now: () => context.now }, screenable, {
      logger: warnLogger,
      unlisted,
    });
    let next = 0;
    const results = validated.map((entry) => {
      if (!("tx" in entry)) return null;
      const outcome = settled[next++] as PromiseSettledResult<ScreeningOutcome>;
      // A row whose store failed fails the batch (and the job), as it did when screened one by one.
      if (outcome.status === "rejected") throw outcome.reason;
      return outcome.value;
    });
    const duplicates = results.flatMap((result) => (result?.duplicate ? [result.eventId] : []));
    // Held by this job and not stored by the run's previous batch (pipelined: it may not have
    // committed yet, and a row repeating one of its merchant management IDs is refused).
    const previous = context.run ? previousBatchEvents.get(context.run) : undefined;
    const own = await heldByJob(db, context, duplicates);
    for (const eventId of previous ?? []) own.delete(eventId);
    const eventIds: string[] = [];
    const outcomes = validated.map((entry, i): RowOutcome => {
      if ("refused" in entry) return entry.refused;
      const result = results[i];
      if (!result) return { applied: false, column: null, message: "" };
      if (result.duplicate && !own.has(result.eventId))
        return { applied: false, column: "shopEventId", message: rowText(context.lang, "alreadyScreened") };
      eventIds.push(result.eventId);
      return { applied: true };
    });
    if (context.run) previousBatchEvents.set(context.run, new Set(eventIds));
    return { outcomes, eventIds } satisfies Screened;
  },

  /** In the checkpoint's transaction: the batch's events are no longer under screening. */
  async applyBatch(trx, context, _rows, prepared) {
    const { outcomes, eventIds } = prepared as Screened;
    if (eventIds.length > 0)
      await trx
        .updateTable("events")
        .set({ busy_state: null, busy_job_id: null })
        .where("company_id", "=", context.companyId)
        .where("event_id", "in", eventIds)
        .where("busy_job_id", "=", context.jobId)
        .execute();
    return outcomes;
  },

  /** A job that ends (or fails) holds nothing: events it stored but never checkpointed are released. */
  async finish(db, context) {
    lastRowTime.delete(context.jobId);
    await db
      .updateTable("events")
      .set({ busy_state: null, busy_job_id: null })
      .where("company_id", "=", context.companyId)
      .where("busy_job_id", "=", context.jobId)
      .execute();
  },
};
