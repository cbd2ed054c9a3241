import type { Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/** The entries a member ID registered (no event), of the given customer types. */
export async function memberNegativeIds(
  trx: Transaction<Database>,
  companyId: string,
  shopMemberId: string,
  customerTypes: readonly string[] | null,
): Promise<string[]> {
  let query = trx
    .selectFrom("negatives")
    .select("negative_id")
    .where("company_id", "=", companyId)
    .where("shop_member_id", "=", shopMemberId)
    .where("event_id", "is", null);
  if (customerTypes) query = query.where("customer_type", "in", customerTypes);
  return (await query.execute()).map((row) => String(row.negative_id));
}
