import type { Kysely } from "kysely";
import type { z } from "zod";
import type { relatedEventSchema } from "../../../contract/eventDetail.ts";
import { LINK_KEYS, type LinkKey } from "../../../contract/rules.ts";
import type { Database } from "../../db/schema.ts";
import { relatedEvents } from "../../screening/relatedEvents.ts";

export type RelatedEventSummary = z.input<typeof relatedEventSchema>;

/**
 * Whether a related event's amount counts in what the customer has spent (maAdditionAmountFlg,
 * docs/architecture.md): an order the shop refused (manual NG) or deleted did not happen.
 */
export const countsTowardAmount = (maresult: string | null, logicallyDeleted: boolean): boolean =>
  maresult !== "20" && !logicallyDeleted;

/**
 * The event's related events (screening/relatedEvents.ts), one entry per related event with every key
 * the two share (in LINK_KEYS order), newest first, with the related event's results and amount.
 * Two queries: the links from the link-key index, then the linked events' rows.
 */
export async function readRelatedEvents(
  db: Kysely<Database>,
  companyId: string,
  eventId: string,
): Promise<RelatedEventSummary[]> {
  const links = await relatedEvents(db, companyId, eventId);
  if (links.length === 0) return [];
  const keysById = new Map<string, Set<LinkKey>>();
  for (const link of links) {
    const keys = keysById.get(link.relatedEventId) ?? new Set<LinkKey>();
    keys.add(link.sharedKey);
    keysById.set(link.relatedEventId, keys);
  }
  const rows = await db
    .selectFrom("events")
    .select(["event_id", "created_at", "aaresult", "maresult", "amount", "logically_deleted"])
    .where("company_id", "=", companyId)
    .where("event_id", "in", [...keysById.keys()])
    .orderBy("created_at", "desc")
    .orderBy("event_id", "desc")
    .execute();
  return rows.map((row) => ({
    relatedEventId: row.event_id,
    sharedKeys: LINK_KEYS.filter((key) => keysById.get(row.event_id)?.has(key)),
    createdAt: row.created_at.toISOString(),
    aaresult: row.aaresult,
    maresult: row.maresult,
    amount: row.amount,
    maAdditionAmountFlg: countsTowardAmount(row.maresult, row.logically_deleted),
  }));
}
