import type { Kysely } from "kysely";
import type { Lang } from "../../contract/envelope.ts";
import { EVENT_FILE_COLUMNS, TYPED_VALUE_COLUMN, UPLOAD_TYPE } from "../../contract/uploadOptions.ts";
import type { Database } from "../db/schema.ts";
import type { RowOutcome, UploadRow } from "./rowHandler.ts";
import { rowText } from "./rowTexts.ts";

/**
 * Rows that name an event (CSV update, CSV negative): by event ID (10), merchant management ID (00)
 * or, in a CSV (30) file, by either or both (they must agree). Resolved within the tenant only.
 */

/** The columns of a file of events for an upload type. */
export function eventFileColumns(uploadType: string): readonly string[] {
  if (uploadType === UPLOAD_TYPE.eventId) return [TYPED_VALUE_COLUMN[UPLOAD_TYPE.eventId]];
  if (uploadType === UPLOAD_TYPE.shopEventId) return [TYPED_VALUE_COLUMN[UPLOAD_TYPE.shopEventId]];
  if (uploadType === UPLOAD_TYPE.memberId) return [TYPED_VALUE_COLUMN[UPLOAD_TYPE.memberId]];
  return EVENT_FILE_COLUMNS;
}

/** Each row's event ID, or the reason it names none of the tenant's (in row order). */
export async function resolveEventRows(
  db: Kysely<Database>,
  companyId: string,
  lang: Lang,
  rows: readonly UploadRow[],
): Promise<({ eventId: string } | RowOutcome)[]> {
  const eventIds = [...new Set(rows.map((row) => (row.values.eventId ?? "").trim()).filter(Boolean))];
  const shopEventIds = [...new Set(rows.map((row) => (row.values.shopEventId ?? "").trim()).filter(Boolean))];
  const [byEventId, byShopEventId] = await Promise.all([
    eventIds.length === 0
      ? []
      : db
          .selectFrom("events")
          .select(["event_id", "shop_event_id"])
          .where("company_id", "=", companyId)
          .where("event_id", "in", eventIds)
          .execute(),
    shopEventIds.length === 0
      ? []
      : db
          .selectFrom("events")
          .select(["event_id", "shop_event_id"])
          .where("company_id", "=", companyId)
          .where("shop_event_id", "in", shopEventIds)
          .execute(),
  ]);
  const eventIdSet = new Set(byEventId.map((row) => row.event_id));
  const shopEventMap = new Map(byShopEventId.map((row) => [row.shop_event_id, row.event_id]));
  const seen = new Set<string>();
  return rows.map((row) => {
    const eventId = (row.values.eventId ?? "").trim();
    const shopEventId = (row.values.shopEventId ?? "").trim();
    const refuse = (column: string | null, message: string): RowOutcome => ({
      applied: false,
      column,
      message,
    });
    if (eventId === "" && shopEventId === "") {
      const column = "eventId" in row.values ? "eventId" : "shopEventId";
      return refuse(column, rowText(lang, "eventIdOrShopEventId"));
    }
    if (eventId !== "" && !eventIdSet.has(eventId)) return refuse("eventId", rowText(lang, "eventNotFound"));
    const fromShop = shopEventId === "" ? undefined : shopEventMap.get(shopEventId);
    if (shopEventId !== "" && !fromShop) return refuse("shopEventId", rowText(lang, "eventNotFound"));
    if (eventId !== "" && fromShop && fromShop !== eventId)
      return refuse("shopEventId", rowText(lang, "idsDisagree"));
    const resolved = eventId || (fromShop as string);
    // A second row of the same event in one batch would apply twice in its transaction.
    if (seen.has(resolved))
      return refuse(
        eventId ? "eventId" : "shopEventId",
        rowText(lang, "duplicateInFile", { column: eventId ? "eventId" : "shopEventId" }),
      );
    seen.add(resolved);
    return { eventId: resolved };
  });
}

/**
 * Marks the events a batch will change as held by the job (busy_state: 999 screening / 1000
 * updating), committed on its own so the event detail and other jobs see it while the batch runs.
 * Events another job holds are left as they are (the batch then refuses them with its message).
 */
export async function holdEventsForJob(
  db: Kysely<Database>,
  companyId: string,
  jobId: string,
  eventIds: readonly string[],
  state: "updating" | "screening",
): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .updateTable("events")
    .set({ busy_state: state, busy_job_id: jobId })
    .where("company_id", "=", companyId)
    .where("event_id", "in", eventIds)
    .where((eb) => eb.or([eb("busy_state", "is", null), eb("busy_job_id", "=", jobId)]))
    .execute();
}

/** Takes the job's hold off the given events (or all it holds); answers nothing. */
export async function releaseJobEvents(
  db: Kysely<Database>,
  companyId: string,
  jobId: string,
  eventIds?: readonly string[],
): Promise<void> {
  if (eventIds?.length === 0) return;
  let query = db
    .updateTable("events")
    .set({ busy_state: null, busy_job_id: null })
    .where("company_id", "=", companyId)
    .where("busy_job_id", "=", jobId);
  if (eventIds) query = query.where("event_id", "in", eventIds);
  await query.execute();
}
