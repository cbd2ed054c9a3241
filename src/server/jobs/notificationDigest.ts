import { type Kysely, sql } from "kysely";
import { EMPTY_DETAIL_SEARCH, MANUAL_RESULT_NONE, searchToQuery } from "../../contract/eventSearch.ts";
import { JAPAN_OFFSET_MS } from "../../contract/japanTime.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type DigestGroupCount, notificationDigestMail } from "../mail/notificationDigestMail.ts";

/** The digest's own table (migration 025), typed here so the shared schema stays as it is. */
interface NotificationDigestsTable {
  company_id: string;
  sent_until: Date;
  last_mailed_at: Date | null;
  last_counts: unknown;
}
type DigestDatabase = Database & { notification_digests: NotificationDigestsTable };

const MINUTE_MS = 60_000;

export interface DigestDeps {
  db: Kysely<Database>;
  config: Pick<Config, "notificationDigestMinutes" | "publicUrl">;
  mailer: Mailer;
  now: () => Date;
  log?: { error(details: object, message: string): void };
}

/** One tenant's window, claimed: its counts and the operators to mail them to. */
interface ClaimedDigest {
  companyId: string;
  window: { from: Date; until: Date };
  groups: DigestGroupCount[];
  recipients: { email: string; name: string }[];
}

/** yyyy-MM-dd and HH:mm of an instant in Japan time, as the event list's search reads them. */
const japanDateTime = (at: Date) => {
  const iso = new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};

/** The event list (its URL search) of the window's events with these results. */
function eventListUrl(
  publicUrl: string,
  window: { from: Date; until: Date },
  results: { aaresult: ("OK" | "NG" | "HOLD" | "REVIEW")[]; maresult: (typeof MANUAL_RESULT_NONE)[] },
): string {
  const from = japanDateTime(window.from);
  // The list's "to" minute is included: the last minute of the window is the one before `until`.
  const to = japanDateTime(new Date(window.until.getTime() - MINUTE_MS));
  const query = searchToQuery({
    ...EMPTY_DETAIL_SEARCH,
    createdFromDate: from.date,
    createdFromTime: from.time,
    createdToDate: to.date,
    createdToTime: to.time,
    ...results,
  });
  return `${publicUrl}/v3/EventList?${query.toString()}`;
}

/** The window's new events per rule group: awaiting manual screening (HOLD, REVIEW without a manual result) and NG. */
async function groupCounts(
  db: Kysely<DigestDatabase>,
  companyId: string,
  window: { from: Date; until: Date },
): Promise<DigestGroupCount[]> {
  const rows = await db
    .selectFrom("events")
    .select((eb) => [
      eb.fn.coalesce("rule_group_name", eb.val("")).as("group"),
      sql<string>`count(*) filter (where aaresult in ('HOLD', 'REVIEW') and maresult is null)`.as("awaiting"),
      sql<string>`count(*) filter (where aaresult = 'NG')`.as("ng"),
    ])
    .where("company_id", "=", companyId)
    .where("created_at", ">=", window.from)
    .where("created_at", "<", window.until)
    .where("logically_deleted", "=", false)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows
    .map((row) => ({ group: String(row.group), awaiting: Number(row.awaiting), ng: Number(row.ng) }))
    .filter((row) => row.awaiting > 0 || row.ng > 0);
}

/**
 * Claims one tenant whose digest window is due (its last one ended an interval ago or more) with
 * FOR UPDATE SKIP LOCKED, reads the window's counts and moves the window on in the same transaction:
 * another process either skips the locked row or, after the commit, finds it no longer due. So a
 * window is claimed once (and its mails sent at most once), however many processes run the job.
 */
async function claimDue(deps: DigestDeps, until: Date): Promise<ClaimedDigest | null> {
  const db = deps.db.withTables<{
    notification_digests: NotificationDigestsTable;
  }>() as Kysely<DigestDatabase>;
  const dueBefore = new Date(until.getTime() - deps.config.notificationDigestMinutes * MINUTE_MS);
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("notification_digests")
      .select(["company_id", "sent_until"])
      .where("sent_until", "<=", dueBefore)
      .orderBy("sent_until")
      .orderBy("company_id")
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!due) return null;
    const window = { from: new Date(due.sent_until), until };
    const groups = await groupCounts(trx, due.company_id, window);
    const recipients = await trx
      .selectFrom("operators")
      .select(["email", "name"])
      .where("company_id", "=", due.company_id)
      .where("notify_rule", "=", true)
      .orderBy("id")
      .execute();
    const mailing = groups.length > 0 && recipients.length > 0;
    await trx
      .updateTable("notification_digests")
      .set({
        sent_until: until,
        ...(mailing ? { last_mailed_at: deps.now(), last_counts: JSON.stringify(groups) } : {}),
      })
      .where("company_id", "=", due.company_id)
      .execute();
    return { companyId: due.company_id, window, groups, recipients: mailing ? recipients : [] };
  });
}

/**
 * The notification digest job (issue 41 part 1, spec section 6), run by every process's job worker
 * as a sweeper: each tenant with an operator whose rule-trigger / screening-result notification is on
 * gets, at most once per NOTIFICATION_DIGEST_MINUTES (default 15), a mail per such operator with the
 * counts per rule group of the new events awaiting manual screening and the new NG results, and links
 * to the event list searching for them; nothing when nothing happened. Windows end on a whole minute.
 * Answers how many digests (tenants) were mailed.
 */
export async function sendNotificationDigests(deps: DigestDeps): Promise<number> {
  const until = new Date(Math.floor(deps.now().getTime() / MINUTE_MS) * MINUTE_MS);
  const db = deps.db.withTables<{
    notification_digests: NotificationDigestsTable;
  }>() as Kysely<DigestDatabase>;
  // A tenant's first window starts when its first subscriber is seen: nothing before it is news.
  await db
    .insertInto("notification_digests")
    .columns(["company_id", "sent_until"])
    .expression((eb) =>
      eb
        .selectFrom("operators")
        .select(["company_id", sql<Date>`${until}::timestamptz`.as("sent_until")])
        .where("notify_rule", "=", true)
        .distinct(),
    )
    .onConflict((conflict) => conflict.column("company_id").doNothing())
    .execute();

  let mailed = 0;
  for (;;) {
    const claimed = await claimDue(deps, until);
    if (!claimed) return mailed;
    if (claimed.recipients.length === 0) continue;
    const awaitingUrl = eventListUrl(deps.config.publicUrl, claimed.window, {
      aaresult: ["HOLD", "REVIEW"],
      maresult: [MANUAL_RESULT_NONE],
    });
    const ngUrl = eventListUrl(deps.config.publicUrl, claimed.window, { aaresult: ["NG"], maresult: [] });
    for (const recipient of claimed.recipients) {
      try {
        await deps.mailer.send(
          notificationDigestMail({
            to: recipient.email,
            operatorName: recipient.name,
            companyId: claimed.companyId,
            window: claimed.window,
            groups: claimed.groups,
            awaitingUrl,
            ngUrl,
          }),
        );
      } catch (error) {
        // The window is claimed: a failed mail is logged, not sent again by another process.
        deps.log?.error({ err: error, companyId: claimed.companyId }, "notification digest mail failed");
      }
    }
    mailed += 1;
  }
}
