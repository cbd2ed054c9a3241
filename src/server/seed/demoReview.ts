import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * What a demo tenant's reviewers have done beyond manual results: the tenant's labels, labels on the
 * events they concern (open REVIEW/HOLD events, resale and card-fraud signals, regulars, large
 * orders), assignees on the open events and a few screening memos. Set-based SQL over the already
 * screened events, so it costs a handful of statements whatever the event count. A tenant left out
 * (ACME) has no labels at all, which is what answers 914 on its label update.
 */

export const DEMO_LABELS = [
  { labelId: "L01", name: "要確認" },
  { labelId: "L02", name: "転売疑い" },
  { labelId: "L03", name: "常連顧客" },
  { labelId: "L04", name: "チャージバック注意" },
  { labelId: "L05", name: "高額注文" },
] as const;

const MEMOS = [
  "購入者へ電話確認中。折り返し待ち。",
  "配送先が転送業者の住所と一致。出荷前に再確認。",
  "同一カードで短時間に複数注文あり。カード会社へ照会済み。",
  "過去の購入履歴に問題なし。",
  "高額のため上長確認を依頼。",
] as const;

export async function seedDemoReview(db: Kysely<Database>, companyId: string, now: Date): Promise<void> {
  await db
    .insertInto("labels")
    .values(
      DEMO_LABELS.map((label, i) => ({
        company_id: companyId,
        label_id: label.labelId,
        name: label.name,
        display_order: i + 1,
        created_at: now,
      })),
    )
    .execute();

  // Each label on a bounded, deterministic set of the events it describes.
  await sql`insert into event_labels (company_id, event_id, label_id)
    select ${companyId}, event_id, label_id from (
      (select e.event_id, 'L01' as label_id from events e
        where e.company_id = ${companyId}
          and ((e.aaresult in ('REVIEW', 'HOLD') and e.maresult is null) or e.maresult = '30')
        order by e.created_at desc, e.event_id limit 60)
      union all
      (select distinct f.event_id, 'L02' from event_fired_rules f
        where f.company_id = ${companyId} and f.release_kind = 'normal' and f.rule_code like 'RESALE\\_%'
        order by f.event_id limit 80)
      union all
      (select p.event_id, 'L03' from event_parties p
        join events e on e.company_id = p.company_id and e.event_id = p.event_id
        where p.company_id = ${companyId} and p.party = 'purchaser' and p.existing_customer_flg = '1'
          and e.aaresult = 'OK'
        order by p.event_id limit 100)
      union all
      (select distinct f.event_id, 'L04' from event_fired_rules f
        where f.company_id = ${companyId} and f.release_kind = 'normal'
          and f.rule_code in ('NEG_CARD', 'VEL_CARD_1H')
        order by f.event_id limit 50)
      union all
      (select e.event_id, 'L05' from events e
        where e.company_id = ${companyId} and e.amount >= 100000
        order by e.event_id limit 80)
    ) chosen
    on conflict do nothing`.execute(db);

  await sql`update events e set label_names = named.names
    from (
      select el.event_id, array_agg(l.name order by l.display_order, l.label_id) as names
      from event_labels el join labels l on l.company_id = el.company_id and l.label_id = el.label_id
      where el.company_id = ${companyId}
      group by el.event_id
    ) named
    where e.company_id = ${companyId} and e.event_id = named.event_id`.execute(db);

  // The labels a reviewer gave with the manual result are the event's labels.
  await sql`update event_manual_history h set label_names = e.label_names
    from events e
    where h.company_id = ${companyId} and e.company_id = h.company_id and e.event_id = h.event_id
      and cardinality(e.label_names) > 0`.execute(db);

  const reviewers = await db
    .selectFrom("operators")
    .select(["id", "name"])
    .where("company_id", "=", companyId)
    .where("email", "in", ["reviewer@demo.example", "admin@demo.example"])
    .orderBy("email", "desc")
    .execute();
  if (reviewers.length === 0) return;
  const ids = reviewers.map((r) => r.id);
  const names = reviewers.map((r) => r.name);

  // Two thirds of the open REVIEW/HOLD events and of those labelled for a closer look have a
  // reviewer on them, shared out in turn.
  await sql`update events e set assignee_id = pick.id, assignee_name = pick.name
    from (
      select o.event_id, (${ids}::int[])[1 + (o.n % ${ids.length})] as id,
        (${names}::text[])[1 + (o.n % ${names.length})] as name
      from (
        select e.event_id, row_number() over (order by e.created_at desc, e.event_id) as n from events e
        where e.company_id = ${companyId}
          and ((e.aaresult in ('REVIEW', 'HOLD') and e.maresult is null)
            or exists (select 1 from event_labels el where el.company_id = e.company_id
              and el.event_id = e.event_id and el.label_id in ('L01', 'L02', 'L04')))
      ) o
      where o.n % 3 <> 0
    ) pick
    where e.company_id = ${companyId} and e.event_id = pick.event_id`.execute(db);

  // Screening memos on some of the labelled events, written a few hours after the screening.
  await sql`insert into event_memos (company_id, event_id, created_at, operator_id, operator_name, memo)
    select ${companyId}, m.event_id, least(m.created_at + interval '2 hours', ${now}::timestamptz),
      (${ids}::int[])[1 + (m.n % ${ids.length})], (${names}::text[])[1 + (m.n % ${names.length})],
      (${[...MEMOS]}::text[])[1 + (m.n % ${MEMOS.length})]
    from (
      select e.event_id, e.created_at, row_number() over (order by e.event_id) as n
      from events e
      where e.company_id = ${companyId}
        and exists (select 1 from event_labels el where el.company_id = e.company_id
          and el.event_id = e.event_id and el.label_id in ('L01', 'L02', 'L04'))
      order by e.event_id
      limit 40
    ) m`.execute(db);
}
