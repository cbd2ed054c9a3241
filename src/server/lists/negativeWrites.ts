import type { Kysely } from "kysely";
import type { Database, NewNegative } from "../db/schema.ts";
import { syncNegativeKeys } from "./negativeLookup.ts";

/**
 * Stores negative entries of one tenant with their match keys, in the caller's transaction: the
 * only way an entry enters the list, so the next screening always finds it. Answers the new ids.
 */
export async function insertNegatives(
  db: Kysely<Database>,
  companyId: string,
  entries: readonly Omit<NewNegative, "company_id">[],
): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = await db
    .insertInto("negatives")
    .values(entries.map((entry) => ({ ...entry, company_id: companyId })))
    .returning("negative_id")
    .execute();
  const ids = rows.map((row) => String(row.negative_id));
  await syncNegativeKeys(db, companyId, ids);
  return ids;
}

/** Removes the entries one event registered for the given customer types (their keys cascade). */
export async function deleteEventNegatives(
  db: Kysely<Database>,
  companyId: string,
  eventId: string,
  customerTypes: readonly string[],
): Promise<void> {
  if (customerTypes.length === 0) return;
  await db
    .deleteFrom("negatives")
    .where("company_id", "=", companyId)
    .where("event_id", "=", eventId)
    .where("customer_type", "in", customerTypes)
    .execute();
}

/** The customer types of the entries one event registered. */
export async function eventNegativeCustomerTypes(
  db: Kysely<Database>,
  companyId: string,
  eventId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("negatives")
    .select("customer_type")
    .where("company_id", "=", companyId)
    .where("event_id", "=", eventId)
    .execute();
  return rows.flatMap((row) => (row.customer_type === null ? [] : [row.customer_type]));
}

/** Removes negative entries of one tenant by id (their keys cascade); answers how many went. */
export async function deleteNegatives(
  db: Kysely<Database>,
  companyId: string,
  negativeIds: readonly string[],
): Promise<number> {
  if (negativeIds.length === 0) return 0;
  const result = await db
    .deleteFrom("negatives")
    .where("company_id", "=", companyId)
    .where("negative_id", "in", negativeIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
