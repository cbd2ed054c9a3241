import type { Kysely } from "kysely";
import { NEGATIVE_ADD_TYPE } from "../../contract/negativeList.ts";
import type { Database } from "../db/schema.ts";
import { insertNegatives } from "../lists/negativeWrites.ts";

const DAY_MS = 86_400_000;

/**
 * Entries an operator registered on /NegativeAdd over the last weeks (issue 40), so the negative list
 * shows recent updates, notes, an expiry within 7 days and a later one, and the detail's 90-day count
 * finds the events they came from: the phone numbers of a few recent events.
 */
export async function seedDemoNegativeScreenEntries(db: Kysely<Database>, companyId: string, now: Date) {
  const reviewer = await db
    .selectFrom("operators")
    .select("id")
    .where("company_id", "=", companyId)
    .where("email", "=", "reviewer@demo.example")
    .executeTakeFirst();
  const recent = await db
    .selectFrom("event_parties as p")
    .innerJoin("events as e", (join) =>
      join.onRef("e.company_id", "=", "p.company_id").onRef("e.event_id", "=", "p.event_id"),
    )
    .select(["p.tel"])
    .where("p.company_id", "=", companyId)
    .where("p.party", "=", "purchaser")
    .where("p.tel", "is not", null)
    .where("e.created_at", ">=", new Date(now.getTime() - 30 * DAY_MS))
    .orderBy("e.created_at", "desc")
    .limit(3)
    .execute();
  const by = reviewer?.id ?? null;
  const notes = ["チャージバック（2件目）", "なりすまし申告あり", "調査中：一時的に登録"];
  const expiries = [null, new Date(now.getTime() + 60 * DAY_MS), new Date(now.getTime() + 5 * DAY_MS)];
  await insertNegatives(
    db,
    companyId,
    recent.map((row, index) => {
      const at = new Date(now.getTime() - (index * 6 + 1) * DAY_MS);
      return {
        add_type: NEGATIVE_ADD_TYPE.screen,
        tel: row.tel,
        settle_category: "01",
        note: notes[index] ?? null,
        valid_until: expiries[index] ?? null,
        created_at: at,
        updated_at: at,
        created_by: by,
        updated_by: by,
      };
    }),
  );
}
