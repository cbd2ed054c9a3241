import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { insertNegatives } from "../lists/negativeWrites.ts";
import { partyNegativeEntry } from "../services/eventActions/partyNegativeEntry.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The chargebacks a demo tenant learnt of after the fact, so the screening result report (issue 42)
 * has OK-, REVIEW- and NG-negative events and a capture rate below 100 %: of the events older than
 * two weeks (a chargeback takes that long), about a third of the automatic NG, half of the REVIEW
 * events an operator judged NG, and 1 % of the automatic OK, picked by a hash of the event ID (the
 * same on every seed). Each is registered negative as an operator does from the event detail: the
 * purchaser's entry through the lists module (with its match keys), then events.negatived. Newer
 * events are left as they are.
 */
export async function seedDemoChargebacks(db: Kysely<Database>, companyId: string, now: Date): Promise<void> {
  const operator = await db
    .selectFrom("operators")
    .select("id")
    .where("company_id", "=", companyId)
    .orderBy("id")
    .executeTakeFirst();
  if (!operator) return;
  const bucket = sql<number>`mod(abs(hashtext(event_id)), 100)`;
  const picked = await db
    .selectFrom("events")
    .select(["event_id", "shop_event_id", "tenant_name"])
    .where("company_id", "=", companyId)
    .where("logically_deleted", "=", false)
    .where("created_at", "<", new Date(now.getTime() - 14 * DAY_MS))
    .where((eb) =>
      eb.or([
        eb.and([eb("aaresult", "=", "NG"), eb(bucket, "<", 35)]),
        eb.and([eb("aaresult", "=", "REVIEW"), eb("maresult", "=", "20"), eb(bucket, "<", 50)]),
        eb.and([eb("aaresult", "=", "OK"), eb(bucket, "<", 1)]),
      ]),
    )
    .orderBy("event_id")
    .execute();
  if (picked.length === 0) return;
  const eventIds = picked.map((row) => row.event_id);
  // A few hundred events of a demo tenant: one statement per table.
  const parties = await db
    .selectFrom("event_parties")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("event_id", "in", eventIds)
    .where("party", "=", "purchaser")
    .execute();
  const devices = await db
    .selectFrom("event_devices")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("event_id", "in", eventIds)
    .execute();
  const cards = await db
    .selectFrom("event_cards")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("event_id", "in", eventIds)
    .execute();
  const entries = picked.flatMap((event) => {
    const partyRow = parties.find((row) => row.event_id === event.event_id);
    if (!partyRow) return [];
    const { company_id: _, ...entry } = partyNegativeEntry({
      companyId,
      eventId: event.event_id,
      shopEventId: event.shop_event_id,
      tenantName: event.tenant_name,
      party: "purchaser",
      partyRow,
      device: devices.find((row) => row.event_id === event.event_id),
      card: cards.find((row) => row.event_id === event.event_id),
      settleCategory: null,
      otherCategory: null,
      operatorId: operator.id,
      now,
    });
    return [entry];
  });
  for (let i = 0; i < entries.length; i += 500) {
    await insertNegatives(db, companyId, entries.slice(i, i + 500));
  }
  const registered = [...new Set(entries.flatMap((entry) => (entry.event_id ? [entry.event_id] : [])))];
  for (let i = 0; i < registered.length; i += 500) {
    await db
      .updateTable("events")
      .set({ negatived: true })
      .where("company_id", "=", companyId)
      .where("event_id", "in", registered.slice(i, i + 500))
      .execute();
  }
}
