import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { WhiteType } from "../screening/types.ts";
import { normalizeWhiteValue } from "./whiteLookup.ts";

export interface WhiteEntryInput {
  type: WhiteType;
  /** As entered; stored normalized the way the engine looks it up. */
  value: string;
  /** When the entry stops counting; absent or null: never. */
  validUntil?: Date | null;
  note?: string;
}

/**
 * Adds white entries of one tenant, each value normalized as the engine probes it; a duplicate
 * refreshes its created time and operator (spec 5), and takes the expiry and note now given. Answers the values that normalize to nothing
 * (blank ones; nothing of the batch is stored then): checking a value against its type is the call's job.
 */
export async function addWhiteEntries(
  db: Kysely<Database>,
  companyId: string,
  entries: readonly WhiteEntryInput[],
  by: { operatorId: number | null; at: Date },
): Promise<{ refused: WhiteEntryInput[] }> {
  const normalized = entries.map((entry) => ({ entry, value: normalizeWhiteValue(entry.type, entry.value) }));
  const refused = normalized.filter((row) => row.value === undefined).map((row) => row.entry);
  if (refused.length > 0 || entries.length === 0) return { refused };
  const unique = new Map(normalized.map((row) => [`${row.entry.type}\u0000${row.value}`, row]));
  await db
    .insertInto("white_entries")
    .values(
      [...unique.values()].map((row) => ({
        company_id: companyId,
        entry_type: row.entry.type,
        value: row.value as string,
        created_at: by.at,
        created_by: by.operatorId,
        valid_until: row.entry.validUntil ?? null,
        note: row.entry.note ?? "",
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["company_id", "entry_type", "value"]).doUpdateSet((eb) => ({
        created_at: eb.ref("excluded.created_at"),
        created_by: eb.ref("excluded.created_by"),
        valid_until: eb.ref("excluded.valid_until"),
        note: eb.ref("excluded.note"),
      })),
    )
    .execute();
  return { refused: [] };
}

/** Removes white entries of one tenant by type and stored value; answers how many went. */
export async function deleteWhiteEntries(
  db: Kysely<Database>,
  companyId: string,
  entries: readonly { type: WhiteType; value: string }[],
): Promise<number> {
  let deleted = 0;
  for (const entry of entries) {
    const result = await db
      .deleteFrom("white_entries")
      .where("company_id", "=", companyId)
      .where("entry_type", "=", entry.type)
      .where("value", "=", entry.value)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
