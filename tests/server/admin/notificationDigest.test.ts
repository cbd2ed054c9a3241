import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DigestDeps, sendNotificationDigests } from "../../../src/server/jobs/notificationDigest.ts";
import type { Mailer, OutgoingMail } from "../../../src/server/mail/mailer.ts";
import { openTestDatabase, type TestDatabase, testBackends } from "../helpers/testBackends.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The rule-trigger / screening-result notification digest job, as two processes would run it. */
describe.each(testBackends())("notification digest job (%s)", (backend) => {
  let database: TestDatabase;
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      mails.push(mail);
      return {};
    },
    close: () => {},
  };
  // A whole minute, so the window ends exactly here.
  const start = new Date(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
  const deps = (at: Date, minutes = 15): DigestDeps => ({
    db: database.handle.db,
    config: { notificationDigestMinutes: minutes, publicUrl: "http://console.test" },
    mailer,
    now: () => at,
  });
  const digestRow = async () =>
    (
      await sql<{ sent_until: Date; last_mailed_at: Date | null }>`
        select sent_until, last_mailed_at from notification_digests where company_id = 'DEMO'`.execute(
        database.handle.db,
      )
    ).rows[0];

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const db = database.handle.db;
    // Two of DEMO's operators take the digest; nobody else anywhere.
    await db.updateTable("operators").set({ notify_rule: false }).execute();
    await db
      .updateTable("operators")
      .set({ notify_rule: true })
      .where("company_id", "=", "DEMO")
      .where("email", "in", ["admin@demo.example", "reviewer@demo.example"])
      .execute();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("starts a tenant's window when first seen, and mails nothing before an interval has passed", async () => {
    expect(await sendNotificationDigests(deps(start))).toBe(0);
    expect((await digestRow())?.sent_until.getTime()).toBe(start.getTime());
    expect(await sendNotificationDigests(deps(new Date(start.getTime() + 14 * MINUTE_MS)))).toBe(0);
    expect(mails).toEqual([]);
    // Only DEMO has a subscriber.
    const { rows } = await sql<{ company_id: string }>`select company_id from notification_digests`.execute(
      database.handle.db,
    );
    expect(rows.map((row) => row.company_id)).toEqual(["DEMO"]);
  });

  it("mails each subscriber one digest of the window when two workers claim it at once", async () => {
    // The window goes back over the demo events (seeded in the past year).
    const from = new Date(start.getTime() - 400 * DAY_MS);
    await sql`update notification_digests set sent_until = ${from} where company_id = 'DEMO'`.execute(
      database.handle.db,
    );
    const until = new Date(start.getTime() + 20 * MINUTE_MS);
    const [first, second] = await Promise.all([
      sendNotificationDigests(deps(until)),
      sendNotificationDigests(deps(until)),
    ]);
    expect([first, second].sort()).toEqual([0, 1]);
    expect(mails.map((mail) => mail.to).sort()).toEqual(["admin@demo.example", "reviewer@demo.example"]);
    expect((await digestRow())?.sent_until.getTime()).toBe(until.getTime());

    // The counts are the window's: awaiting manual screening (HOLD / REVIEW without a manual result) and NG.
    const { rows } = await sql<{ awaiting: string; ng: string }>`
      select count(*) filter (where aaresult in ('HOLD', 'REVIEW') and maresult is null) as awaiting,
        count(*) filter (where aaresult = 'NG') as ng
      from events where company_id = 'DEMO' and not logically_deleted
        and created_at >= ${from} and created_at < ${until}`.execute(database.handle.db);
    const expected = rows[0];
    expect(Number(expected?.awaiting)).toBeGreaterThan(0);
    const text = mails[0]?.text ?? "";
    expect(text).toContain(`目視審査待ち: ${expected?.awaiting} 件`);
    expect(text).toContain(`NG: ${expected?.ng} 件`);
    expect(text).toContain(`Awaiting manual screening: ${expected?.awaiting}`);
    expect(text).toContain("http://console.test/v3/EventList?mode=1&");
    expect(text).toMatch(/aaresult=HOLD%2CREVIEW&maresult=none/);
    expect(text).toMatch(/aaresult=NG/);
    // Counts per rule group: every group of the window's NG events is named.
    const groups = await sql<{ name: string }>`
      select distinct rule_group_name as name from events where company_id = 'DEMO' and aaresult = 'NG'
        and rule_group_name is not null and created_at >= ${from} and created_at < ${until}`.execute(
      database.handle.db,
    );
    for (const group of groups.rows) expect(text).toContain(`${group.name}: `);

    // No purchaser data: none of the window's purchasers' addresses, phones or mail domains.
    const parties = await sql<{
      full_address: string | null;
      tel: string | null;
      mail_domain: string | null;
    }>`
      select full_address, tel, mail_domain from event_parties where company_id = 'DEMO' limit 50`.execute(
      database.handle.db,
    );
    for (const party of parties.rows)
      for (const value of [party.full_address, party.tel, party.mail_domain])
        if (value) expect(text).not.toContain(value);
  });

  it("mails nothing for a window without news, and not again within the interval", async () => {
    mails.length = 0;
    const until = new Date(start.getTime() + 20 * MINUTE_MS);
    // Within the interval after the last window: not due.
    expect(await sendNotificationDigests(deps(new Date(until.getTime() + 10 * MINUTE_MS)))).toBe(0);
    expect((await digestRow())?.sent_until.getTime()).toBe(until.getTime());
    // Due, but no event was created since: the window moves on without a mail.
    const later = new Date(until.getTime() + 15 * MINUTE_MS);
    expect(await sendNotificationDigests(deps(later))).toBe(0);
    expect(mails).toEqual([]);
    expect((await digestRow())?.sent_until.getTime()).toBe(later.getTime());
  });
});
