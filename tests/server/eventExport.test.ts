import iconv from "iconv-lite";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Permission } from "../../src/contract/codes.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { codeLabel } from "../../src/contract/eventCodeLabels.ts";
import {
  CSV_DELIMITER,
  type CsvExportOptions,
  DOWNLOAD_LINK_MINUTES,
  DOWNLOAD_PATH_PREFIX,
  eventCsvExport,
  eventCsvExportStatus,
} from "../../src/contract/eventExport.ts";
import {
  EVENT_FIELD_LABELS,
  EVENT_SECTION_LABELS,
  EVENT_SECTIONS,
  EXPORT_GROUPS,
} from "../../src/contract/eventFields.ts";
import {
  EMPTY_DETAIL_SEARCH,
  EVENT_SELECTION_LIMIT,
  type EventSelection,
  eventSelectAll,
} from "../../src/contract/eventSearch.ts";
import { messageText } from "../../src/contract/messages.ts";
import { createMailer } from "../../src/server/mail/mailer.ts";
import { csvCell } from "../../src/server/services/csvSafe.ts";
import {
  CSV_RELATED_PER_KEY,
  eventCsvPlan,
  MULTI_VALUE_SEPARATOR,
} from "../../src/server/services/eventExport/eventCsvColumns.ts";
import { eventExportJob } from "../../src/server/services/eventExport/eventExportJob.ts";
import { EVENT_CSV_JOB } from "../../src/server/services/eventExport/eventExportPayload.ts";
import { type SmtpCapture, startSmtpCapture } from "../support/smtpCapture.ts";
import {
  call,
  createTestApp,
  loginAs,
  type Session,
  setRolePermission,
  type TestApp,
} from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

const ALL_OPTIONS: CsvExportOptions = {
  delimiter: CSV_DELIMITER.comma,
  groups: [...EXPORT_GROUPS],
  encoding: "utf8",
};
const BOM = "\uFEFF";

/** Splits CRLF-ended records of a file without quoted line ends (the test data has none). */
const records = (text: string): string[] => {
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  for (const line of lines) expect(line.includes("\n")).toBe(false);
  return lines;
};

describe("event CSV plan", () => {
  const tricky = [
    "",
    "plain",
    "=SUM(A1)",
    "+81",
    "-5",
    "@cmd",
    "\tlead",
    "\rlead",
    'say "hi"',
    "a,b",
    "a\tb",
    "a\r\nb",
    "日本語",
  ];

  it.each([",", "\t"] as const)("writes each cell as csvSafe.csvCell does (delimiter %j)", (delimiter) => {
    const plan = eventCsvPlan("en", ["other"], delimiter);
    for (const memo of [...tricky, null]) expect(plan.formatRow([[memo]])).toBe(csvCell(memo, delimiter));
  });

  it("keeps numbers from a row as values, names codes (a named none), joins parts before making them safe", () => {
    const plan = eventCsvPlan("en", ["order", "basic"], ",");
    const basic = EVENT_SECTIONS.basic.map((field) =>
      field === "amount" ? -5 : field === "authKind" ? "csv" : null,
    );
    const items = [
      ["A1", "=cup", -300, 1, null, "1"],
      ["A2", 'big, "mug"', 200, 2, "kitchen", null],
    ];
    const basicCells = EVENT_SECTIONS.basic.map((field) =>
      field === "amount"
        ? "-5"
        : field === "authKind"
          ? "CSV screening"
          : field === "maresult" || field === "settleStatus"
            ? codeLabel("en", field, "none")
            : "",
    );
    const itemCells = [
      "A1 | A2",
      `"'=cup | big, ""mug"""`,
      "'-300 | 200",
      "1 | 2",
      " | kitchen",
      `${codeLabel("en", "stock", "1")} | `,
    ];
    expect(basicCells.filter((cell) => cell !== "")).toHaveLength(4);
    expect(plan.formatRow([basic, items])).toBe([...basicCells, ...itemCells].join(","));
  });
});

describe.each(testBackends())("event CSV output (%s)", (backend) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: Session;
  let reviewer: Session;
  let acme: Session;
  /** Three DEMO events of one model, newest first, with formula-like and Japanese values. */
  let chosen: string[];
  let otherModelEvent: string;
  let acmeEvent: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(backend, { env: { SMTP_URL: smtp.url } });
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    reviewer = await loginAs(t.app, "DEMO", "reviewer@demo.example");
    acme = await loginAs(t.app, "ACME", "admin@acme.example");

    const { model_id: model } = await t.db
      .selectFrom("events")
      .select("model_id")
      .where("company_id", "=", "DEMO")
      .limit(1)
      .executeTakeFirstOrThrow();
    const rows = await t.db
      .selectFrom("events as e")
      .select("e.event_id")
      .where("e.company_id", "=", "DEMO")
      .where("e.model_id", "=", model)
      .where("e.logically_deleted", "=", false)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("event_parties as p")
            .select("p.event_id")
            .whereRef("p.event_id", "=", "e.event_id")
            .where("p.company_id", "=", "DEMO")
            .where("p.party", "=", "purchaser"),
        ),
      )
      .orderBy("e.created_at", "desc")
      .orderBy("e.event_id", "desc")
      .limit(3)
      .execute();
    chosen = rows.map((row) => row.event_id);
    expect(chosen).toHaveLength(3);
    await t.db
      .updateTable("events")
      .set({ memo: '=HYPERLINK("http://evil.example")', tenant_name: "@SUM(A1)", assignee_name: "-2+3" })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", chosen[0] as string)
      .execute();
    await t.db
      .updateTable("event_parties")
      .set({
        full_address: '東京都渋谷区神南1-2-3, 渋谷ビル"5F"',
        company: "+81 株式会社テスト",
        depart: "\tTAB",
      })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", chosen[0] as string)
      .where("party", "=", "purchaser")
      .execute();
    // The demo has one screening model; one more event of another model makes a mixed selection.
    otherModelEvent = (
      await t.db
        .updateTable("events")
        .set({ model_id: "OTHERMODEL" })
        .where("company_id", "=", "DEMO")
        .where(
          "event_id",
          "=",
          (
            await t.db
              .selectFrom("events")
              .select("event_id")
              .where("company_id", "=", "DEMO")
              .where("event_id", "not in", chosen)
              .limit(1)
              .executeTakeFirstOrThrow()
          ).event_id,
        )
        .returning("event_id")
        .executeTakeFirstOrThrow()
    ).event_id;
    acmeEvent = (
      await t.db
        .selectFrom("events")
        .select("event_id")
        .where("company_id", "=", "ACME")
        .limit(1)
        .executeTakeFirstOrThrow()
    ).event_id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function requestExport(
    session: Session,
    selection: EventSelection,
    options: CsvExportOptions,
    lang: "en" | "ja" = "en",
  ) {
    return call(t.app, eventCsvExport, { selection, options }, { session, lang });
  }

  async function status(session: Session, jobId: string) {
    return call(t.app, eventCsvExportStatus, { jobId }, { session });
  }

  /** The screening model of the first chosen event (a selection must stay within one model). */
  async function modelOfChosenEvent(): Promise<string> {
    const event = await t.db
      .selectFrom("events")
      .select("model_id")
      .where("event_id", "=", chosen[0] as string)
      .executeTakeFirstOrThrow();
    return event.model_id;
  }

  /** The export job with small batches (the caller closes the mailer it answers). */
  function registerExportInBatchesOf(batchSize: number) {
    const mailer = createMailer({
      smtpUrl: t.config.smtpUrl,
      from: t.config.mailFrom,
      dataDir: t.config.dataDir,
    });
    t.app.jobs.register(
      EVENT_CSV_JOB,
      eventExportJob(
        { db: t.db, copy: t.database.handle.copy, config: t.config, mailer, now: t.clock.now },
        batchSize,
      ),
    );
    return mailer;
  }

  /** Requests, runs the queued job and answers the job ID and its download path. */
  async function exportAndRun(
    selection: EventSelection,
    options: CsvExportOptions,
    lang: "en" | "ja" = "en",
  ) {
    const response = await requestExport(admin, selection, options, lang);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.messages).toEqual([{ code: "008", message: messageText(lang, "no.008") }]);
    const jobId = body.telegram.jobId as string;
    expect((await status(admin, jobId)).json().telegram.state).toBe("queued");
    await t.app.jobs.drain();
    const done = (await status(admin, jobId)).json().telegram;
    expect(done.state).toBe("done");
    expect(done.downloadUrl).toMatch(new RegExp(`^${DOWNLOAD_PATH_PREFIX}[A-Za-z0-9_-]{43}$`));
    return { jobId, done, url: done.downloadUrl as string };
  }

  const download = (url: string, session?: Session) =>
    t.app.inject({
      method: "GET",
      url,
      headers: { "accept-language": "en", ...(session ? { cookie: `sid=${session.cookie}` } : {}) },
    });

  it("writes every group of the selected events: UTF-8 with BOM, CRLF, headers in English, safe cells", async () => {
    const { url, done } = await exportAndRun({ kind: "ids", eventIds: chosen }, ALL_OPTIONS);
    expect(done.rowCount).toBe(3);
    expect(done.fileName).toMatch(/^eventList_\d{14}\.csv$/);
    const response = await download(url, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toContain(`attachment; filename="${done.fileName}"`);
    const text = response.rawPayload.toString("utf8");
    expect(text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = records(text.slice(1));
    const en = EVENT_FIELD_LABELS.en;
    expect(header?.split(",").slice(0, 2)).toEqual([en.eventId, en.shopEventId]);
    for (const label of [
      "Purchaser address",
      "Shipping address",
      en.itemName,
      en.ipaddress,
      en.cardBrand,
      en.memo,
      en.ruleCode,
      en.relatedEventId,
      en.sharedKey,
    ])
      expect(header).toContain(label);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.split(",")[0])).toEqual(chosen);
    const first = rows[0] as string;
    expect(first).toContain(`,"'=HYPERLINK(""http://evil.example"")"`);
    expect(first).toContain(",'@SUM(A1),");
    expect(first).toContain(",'-2+3,");
    expect(first).toContain(`,"東京都渋谷区神南1-2-3, 渋谷ビル""5F""",`);
    expect(first).toContain(",'+81 株式会社テスト,");
    expect(first).toContain(",'\tTAB,");
  });

  it("writes tab-separated Shift_JIS (CP932) with Japanese headers and code names, no BOM", async () => {
    const { url, done } = await exportAndRun(
      { kind: "ids", eventIds: chosen },
      { delimiter: CSV_DELIMITER.tab, groups: ["purchaser", "basic"], encoding: "cp932" },
      "ja",
    );
    // Named .txt, so that Excel opens it through its text import rather than splitting it at commas.
    expect(done.fileName).toMatch(/^eventList_\d{14}\.txt$/);
    const response = await download(url, admin);
    expect(response.headers["content-type"]).toBe("text/tab-separated-values; charset=Shift_JIS");
    expect(response.headers["content-disposition"]).toContain(`attachment; filename="${done.fileName}"`);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    // The bytes are Shift_JIS, not UTF-8: イ is 0x83 0x43 there.
    expect(bytes.includes(Buffer.from([0x83, 0x43]))).toBe(true);
    const text = iconv.decode(bytes, "cp932");
    const [header, ...rows] = records(text);
    const columns = header?.split("\t") ?? [];
    const ja = EVENT_FIELD_LABELS.ja;
    // Groups in file order whatever the request's order: basic first.
    expect(columns[0]).toBe(ja.eventId);
    expect(columns).toContain(`${EVENT_SECTION_LABELS.ja.purchaser}${ja.fullAddress}`);
    expect(columns).not.toContain(`${EVENT_SECTION_LABELS.ja.shipping}${ja.fullAddress}`);
    expect(columns).not.toContain(ja.memo);
    const first = (rows[0] as string).split("\t");
    expect(first[columns.indexOf(`${EVENT_SECTION_LABELS.ja.purchaser}${ja.fullAddress}`)]).toBe(
      '"東京都渋谷区神南1-2-3, 渋谷ビル""5F"""',
    );
    expect(first[columns.indexOf(ja.negatived)]).toMatch(/^(登録済|未登録)$/);
    // A cell holding the tab delimiter is quoted (and defused, since it starts with one).
    expect(text).toContain('\t"\'\tTAB"\t');
  });

  it("mails the operator the download link, which works with the same operator's session", async () => {
    const before = smtp.messages.length;
    const { jobId } = await exportAndRun({ kind: "ids", eventIds: chosen.slice(0, 1) }, ALL_OPTIONS);
    const mail = await smtp.waitFor(
      (m) =>
        m.to.includes("admin@demo.example") &&
        m.subject.includes("CSV") &&
        smtp.messages.indexOf(m) >= before,
      10_000,
    );
    const link = /http:\/\/console\.test(\/api\/v3\/download\/([A-Za-z0-9_-]{43}))/.exec(mail.text);
    if (!link?.[1] || !link[2]) throw new Error(`no download link in the mail: ${mail.text}`);
    const response = await download(link[1], admin);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString("utf8")).toContain(chosen[0]);
    // The token is never logged, neither the job's nor the request's.
    expect(t.logs()).not.toContain(link[2]);
    expect(t.logs()).toContain(jobId);
  });

  it.each(["EventDialogCsvDownload", "EventList"] as const)(
    "refuses the link with 962 once the operator's role may no longer open %s",
    async (screenId) => {
      const { url } = await exportAndRun({ kind: "ids", eventIds: chosen.slice(0, 1) }, ALL_OPTIONS);
      const revoke = (permission: Permission) =>
        setRolePermission(t.db, { roleId: "administrator", screenIds: [screenId] }, permission);
      await revoke("20");
      try {
        const refused = await download(url, admin);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().errors[0].code).toBe(ERROR.forbidden);
        // Nor can a new file be asked for: the CSV output dialog opens from the event list.
        const request = await requestExport(
          admin,
          { kind: "ids", eventIds: chosen.slice(0, 1) },
          ALL_OPTIONS,
        );
        expect(request.statusCode).toBe(403);
        expect(request.json().errors[0].code).toBe(ERROR.forbidden);
      } finally {
        await revoke("00");
      }
      expect((await download(url, admin)).statusCode).toBe(200);
    },
  );

  it("refuses the link without a session, to another operator or tenant, for an unknown token, and once expired", async () => {
    const { url } = await exportAndRun({ kind: "ids", eventIds: chosen.slice(0, 1) }, ALL_OPTIONS);
    const noSession = await download(url);
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json().errors[0].code).toBe(ERROR.invalidToken);
    // Opened from a webmail: no Strict cookie came, so the page reloads itself from this origin.
    const fromMail = await t.app.inject({
      method: "GET",
      url,
      headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(fromMail.statusCode).toBe(200);
    expect(fromMail.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(fromMail.body).toContain('<meta http-equiv="refresh" content="0">');
    const reloaded = await t.app.inject({
      method: "GET",
      url,
      headers: { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
    });
    expect(reloaded.statusCode).toBe(401);
    for (const session of [reviewer, acme]) {
      const refused = await download(url, session);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errors[0]).toEqual({
        code: ERROR.notFound,
        message: messageText("en", "no.963"),
      });
    }
    const unknown = await download(`${DOWNLOAD_PATH_PREFIX}${"A".repeat(43)}`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe((await download(url, reviewer)).body);
    t.clock.advanceMinutes(DOWNLOAD_LINK_MINUTES + 1);
    try {
      const session = await loginAs(t.app, "DEMO", "admin@demo.example");
      const expired = await download(url, session);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().errors[0].code).toBe(ERROR.downloadExpired);
      // The sweep deletes expired links and their files.
      await t.app.jobs.sweep();
      expect((await download(url, session)).statusCode).toBe(404);
      admin = session;
    } finally {
      t.clock.advanceMinutes(-(DOWNLOAD_LINK_MINUTES + 1));
    }
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
  });

  it("answers the status of the operator's own job only (963 otherwise)", async () => {
    const response = await requestExport(admin, { kind: "ids", eventIds: chosen }, ALL_OPTIONS);
    const { jobId } = response.json().telegram;
    for (const [session, id] of [
      [reviewer, jobId],
      [acme, jobId],
      [admin, "no-such-job"],
    ] as const) {
      const refused = await status(session, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errors[0].code).toBe(ERROR.notFound);
    }
    await t.app.jobs.drain();
  });

  it("refuses no groups (902), several models, another tenant's event (963) and a forged tenant", async () => {
    const none = await requestExport(
      admin,
      { kind: "ids", eventIds: chosen },
      { ...ALL_OPTIONS, groups: [] },
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0]).toEqual({
      code: ERROR.noItemSelected,
      message: messageText("en", "no.902"),
    });
    const mixed = await requestExport(
      admin,
      { kind: "ids", eventIds: [...chosen, otherModelEvent] },
      ALL_OPTIONS,
    );
    expect(mixed.json().errors[0].code).toBe(ERROR.multipleModels);
    const foreign = await requestExport(
      admin,
      { kind: "ids", eventIds: [chosen[0] as string, acmeEvent] },
      ALL_OPTIONS,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].code).toBe(ERROR.notFound);
    const forged = await call(
      t.app,
      eventCsvExport,
      { selection: { kind: "ids", eventIds: [acmeEvent] }, options: ALL_OPTIONS },
      { session: admin, shopId: "ACME" },
    );
    expect(forged.json().errors[0].code).toBe(ERROR.forbidden);
    expect(await t.db.selectFrom("jobs").select("job_id").where("company_id", "=", "ACME").execute()).toEqual(
      [],
    );
  });

  it("exports a search selection minus excluded events, newest first, across several batches", async () => {
    const model = await modelOfChosenEvent();
    const expected = await t.db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", "DEMO")
      .where("model_id", "=", model)
      .where("logically_deleted", "=", false)
      .where("event_id", "!=", chosen[1] as string)
      .orderBy("created_at", "desc")
      .orderBy("event_id", "desc")
      .execute();
    // Small batches, so the keyset crosses many batch boundaries (same-second events included).
    const mailer = registerExportInBatchesOf(7);
    const { url, done } = await exportAndRun(
      {
        kind: "search",
        search: { ...EMPTY_DETAIL_SEARCH, modelId: model },
        excludedEventIds: [chosen[1] as string],
      },
      { delimiter: CSV_DELIMITER.comma, groups: ["basic"], encoding: "utf8" },
    );
    expect(done.rowCount).toBe(expected.length);
    const [, ...rows] = records((await download(url, admin)).rawPayload.toString("utf8").slice(1));
    expect(rows.map((row) => row.split(",")[0])).toEqual(expected.map((row) => row.event_id));
    mailer.close();
  });

  it("exports all search results as select all counted them, not an event screened after the count", async () => {
    const search = { ...EMPTY_DETAIL_SEARCH, modelId: await modelOfChosenEvent() };
    const selected = await call(t.app, eventSelectAll, { search }, { session: admin });
    expect(selected.statusCode).toBe(200);
    const { count, until } = selected.json().telegram as { count: number; until: string };
    const newest = await t.db
      .selectFrom("events")
      .select(
        sql<string>`to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as("at"),
      )
      .where("company_id", "=", "DEMO")
      .where("model_id", "=", search.modelId)
      .where("logically_deleted", "=", false)
      .executeTakeFirstOrThrow();
    expect(until).toBe(newest.at);
    // One of the counted events is screened again a second later, as a new event would be.
    const moved = chosen[2] as string;
    const { created_at: before } = await t.db
      .selectFrom("events")
      .select("created_at")
      .where("event_id", "=", moved)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("events")
      .set({ created_at: sql<Date>`${until}::timestamptz + interval '1 second'` })
      .where("event_id", "=", moved)
      .execute();
    try {
      const { url, done } = await exportAndRun(
        { kind: "search", search, excludedEventIds: [], until },
        { delimiter: CSV_DELIMITER.comma, groups: ["basic"], encoding: "utf8" },
      );
      expect(done.rowCount).toBe(count - 1);
      const [, ...rows] = records((await download(url, admin)).rawPayload.toString("utf8").slice(1));
      expect(rows).toHaveLength(count - 1);
      expect(rows.map((row) => row.split(",")[0])).not.toContain(moved);
    } finally {
      await t.db.updateTable("events").set({ created_at: before }).where("event_id", "=", moved).execute();
    }
  });

  /**
   * The related events the CSV lists for one event, worked out from its link keys as stored: by key
   * type, then key value (code point order), each value's newest CSV_RELATED_PER_KEY events screened
   * no later than the event; a related event once per key type, with its first value.
   */
  async function expectedRelated(eventId: string): Promise<{ eventId: string; key: string }[]> {
    const micros = sql<number>`(extract(epoch from created_at) * 1000000)::bigint::float8`;
    const keys = await t.db
      .selectFrom("event_link_keys")
      .select(["key_type", "key_value", micros.as("at")])
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .execute();
    const byCodePoint = (a: string, b: string) => {
      const [x, y] = [[...a], [...b]];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
        if (d !== 0) return d;
      }
      return x.length - y.length;
    };
    keys.sort((a, b) => byCodePoint(a.key_type, b.key_type) || byCodePoint(a.key_value, b.key_value));
    const links: { eventId: string; key: string }[] = [];
    for (const key of keys) {
      const sharing = await t.db
        .selectFrom("event_link_keys")
        .select(["event_id", micros.as("at")])
        .where("company_id", "=", "DEMO")
        .where("key_type", "=", key.key_type)
        .where("key_value", "=", key.key_value)
        .execute();
      const newest = sharing
        .filter((other) => other.event_id !== eventId && other.at <= key.at)
        .sort((a, b) => b.at - a.at || byCodePoint(b.event_id, a.event_id))
        .slice(0, CSV_RELATED_PER_KEY);
      for (const other of newest) {
        if (!links.some((link) => link.key === key.key_type && link.eventId === other.event_id))
          links.push({ eventId: other.event_id, key: key.key_type });
      }
    }
    return links;
  }

  it("writes an event's order items and fired rules in their stored order, one part per row", async () => {
    const model = await modelOfChosenEvent();
    // Events with several items and several rules of the deciding release: the cells follow item_no
    // and seq, in batches of 2.
    const { rows: picked } = await sql<{ event_id: string }>`
      select e.event_id from events e
      where e.company_id = 'DEMO' and e.model_id = ${model} and not e.logically_deleted
        and (select count(*) from event_items i where i.company_id = e.company_id and i.event_id = e.event_id) > 1
        and (select count(*) from event_fired_rules f where f.company_id = e.company_id and f.event_id = e.event_id
          and f.release_kind = 'normal') > 1
      order by e.created_at desc, e.event_id desc
      limit 3`.execute(t.db);
    expect(picked).toHaveLength(3);
    const eventIds = picked.map((row) => row.event_id);
    const mailer = registerExportInBatchesOf(2);
    const { url } = await exportAndRun(
      { kind: "ids", eventIds },
      { delimiter: CSV_DELIMITER.tab, groups: ["order", "firedRule"], encoding: "utf8" },
    );
    const [header, ...lines] = records((await download(url, admin)).rawPayload.toString("utf8").slice(1));
    const columns = header?.split("\t") ?? [];
    const itemId = columns.indexOf(EVENT_FIELD_LABELS.en.shopItemId);
    const ruleCode = columns.indexOf(EVENT_FIELD_LABELS.en.ruleCode);
    expect(itemId).toBeGreaterThanOrEqual(0);
    expect(ruleCode).toBeGreaterThanOrEqual(0);
    for (const [index, line] of lines.entries()) {
      const eventId = eventIds[index] as string;
      const items = await t.db
        .selectFrom("event_items")
        .select("shop_item_id")
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .orderBy("item_no")
        .execute();
      const rules = await t.db
        .selectFrom("event_fired_rules")
        .select("rule_code")
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .where("release_kind", "=", "normal")
        .orderBy("seq")
        .execute();
      const cells = line.split("\t");
      expect(cells[itemId]).toBe(items.map((item) => item.shop_item_id ?? "").join(MULTI_VALUE_SEPARATOR));
      expect(cells[ruleCode]).toBe(rules.map((rule) => rule.rule_code).join(MULTI_VALUE_SEPARATOR));
    }
    mailer.close();
  });

  it("writes each event's related events, the newest few per shared key value, across batches", async () => {
    const model = await modelOfChosenEvent();
    // Events sharing a key value with earlier events (some with more than CSV_RELATED_PER_KEY of
    // them), newest first, a few with two values of one key type both shared, and a few with none:
    // the cells are compared, not merely filled.
    const { rows: picked } = await sql<{ event_id: string; related: number; shared_values: number }>`
      select e.event_id, (
          select count(*)::int from event_link_keys k join event_link_keys o
            on o.company_id = k.company_id and o.key_type = k.key_type and o.key_value = k.key_value
              and o.created_at <= k.created_at and o.event_id <> k.event_id
          where k.company_id = e.company_id and k.event_id = e.event_id
        ) as related, (
          select coalesce(max(n), 0)::int from (
            select count(distinct k.key_value) as n from event_link_keys k
            where k.company_id = e.company_id and k.event_id = e.event_id and exists (
              select 1 from event_link_keys o
              where o.company_id = k.company_id and o.key_type = k.key_type and o.key_value = k.key_value
                and o.created_at <= k.created_at and o.event_id <> k.event_id)
            group by k.key_type) per_type
        ) as shared_values
      from events e
      where e.company_id = 'DEMO' and e.model_id = ${model} and not e.logically_deleted
      order by e.created_at desc, e.event_id desc`.execute(t.db);
    const withRelated = picked.filter((row) => row.related > 0);
    const manyRelated = withRelated.filter((row) => row.related > 2 * CSV_RELATED_PER_KEY);
    const twoValues = withRelated.filter((row) => row.shared_values > 1);
    const none = picked.filter((row) => row.related === 0);
    expect(manyRelated.length).toBeGreaterThan(0);
    expect(twoValues.length).toBeGreaterThan(0);
    const wanted = new Set([
      ...manyRelated.slice(0, 5),
      ...twoValues.slice(0, 5),
      ...withRelated.slice(0, 10),
      ...withRelated.slice(-3),
      ...none.slice(0, 2),
    ]);
    // In file order (newest first).
    const eventIds = picked.filter((row) => wanted.has(row)).map((row) => row.event_id);
    // Batches of 4: the events' related events are read across batch boundaries.
    const mailer = registerExportInBatchesOf(4);
    const { url } = await exportAndRun(
      { kind: "ids", eventIds },
      { delimiter: CSV_DELIMITER.tab, groups: ["relatedEvent"], encoding: "utf8" },
    );
    const [header, ...lines] = records((await download(url, admin)).rawPayload.toString("utf8").slice(1));
    expect(header?.split("\t")).toEqual([
      EVENT_FIELD_LABELS.en.relatedEventId,
      EVENT_FIELD_LABELS.en.sharedKey,
    ]);
    expect(lines).toHaveLength(eventIds.length);
    let filled = 0;
    for (const [index, line] of lines.entries()) {
      const links = await expectedRelated(eventIds[index] as string);
      expect(line.split("\t")).toEqual([
        links.map((link) => link.eventId).join(MULTI_VALUE_SEPARATOR),
        links.map((link) => codeLabel("en", "sharedKey", link.key)).join(MULTI_VALUE_SEPARATOR),
      ]);
      if (links.length > 0) filled++;
    }
    expect(filled).toBeGreaterThan(eventIds.length / 2);
    mailer.close();
  });

  it("lists a key type's values one after the other, each value's events newest first, a related event once", async () => {
    const model = await modelOfChosenEvent();
    // An event with no related events of its own, and three older ones (newest first: A, B, C).
    const { rows } = await sql<{ event_id: string; at: string; related: boolean }>`
      select e.event_id, e.created_at::text as at, exists (
          select 1 from event_link_keys k join event_link_keys o
            on o.company_id = k.company_id and o.key_type = k.key_type and o.key_value = k.key_value
              and o.created_at <= k.created_at and o.event_id <> k.event_id
          where k.company_id = e.company_id and k.event_id = e.event_id) as related
      from events e
      where e.company_id = 'DEMO' and e.model_id = ${model} and not e.logically_deleted
      order by e.created_at desc, e.event_id desc`.execute(t.db);
    const loner = rows.findIndex((row) => !row.related);
    expect(loner).toBeGreaterThanOrEqual(0);
    const event = rows[loner] as (typeof rows)[number];
    const older = rows.slice(loner + 1).filter((row, i, all) => i === 0 || row.at !== all[i - 1]?.at);
    const [a, b, c] = older as [typeof event, typeof event, typeof event];
    // Two addresses of the event: the first shared by B, the second by A, B and C.
    const link = (value: string, row: typeof event) =>
      sql`(${"DEMO"}, 'address', ${value}, ${row.at}::timestamptz, ${row.event_id}, 0)`;
    const links = [
      link("csv order 1", event),
      link("csv order 2", event),
      link("csv order 1", b),
      link("csv order 2", a),
      link("csv order 2", b),
      link("csv order 2", c),
    ];
    await sql`insert into event_link_keys (company_id, key_type, key_value, created_at, event_id, amount)
      values ${sql.join(links)}`.execute(t.db);
    try {
      const mailer = registerExportInBatchesOf(4);
      const { url } = await exportAndRun(
        { kind: "ids", eventIds: [event.event_id] },
        { delimiter: CSV_DELIMITER.tab, groups: ["relatedEvent"], encoding: "utf8" },
      );
      const [, line] = records((await download(url, admin)).rawPayload.toString("utf8").slice(1));
      const address = codeLabel("en", "sharedKey", "address");
      // Merged by time they would read A, B, C.
      expect(line?.split("\t")).toEqual([
        [b.event_id, a.event_id, c.event_id].join(MULTI_VALUE_SEPARATOR),
        [address, address, address].join(MULTI_VALUE_SEPARATOR),
      ]);
      mailer.close();
    } finally {
      await t.db
        .deleteFrom("event_link_keys")
        .where("company_id", "=", "DEMO")
        .where("key_value", "in", ["csv order 1", "csv order 2"])
        .execute();
    }
  });

  it("takes up again a job whose worker died, and gives it up after repeated deaths", async () => {
    const response = await requestExport(admin, { kind: "ids", eventIds: chosen }, ALL_OPTIONS);
    const { jobId } = response.json().telegram;
    const longAgo = new Date(t.clock.now().getTime() - 10 * 60_000);
    const crashed = () =>
      t.db
        .updateTable("jobs")
        .set({ state: "running", heartbeat_at: longAgo, started_at: longAgo })
        .where("job_id", "=", jobId)
        .execute();
    await crashed();
    // A live worker's job (fresh heartbeat) is left alone.
    await t.db.updateTable("jobs").set({ heartbeat_at: t.clock.now() }).where("job_id", "=", jobId).execute();
    expect(await t.app.jobs.runNext()).toBe(false);
    await crashed();
    expect(await t.app.jobs.runNext()).toBe(true);
    const job = await t.db
      .selectFrom("jobs")
      .selectAll()
      .where("job_id", "=", jobId)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe("done");
    expect(job.attempts).toBe(1);

    const second = (await requestExport(admin, { kind: "ids", eventIds: chosen }, ALL_OPTIONS)).json()
      .telegram.jobId;
    await t.db
      .updateTable("jobs")
      .set({ state: "running", heartbeat_at: longAgo, attempts: 3 })
      .where("job_id", "=", second)
      .execute();
    await t.app.jobs.drain();
    expect((await status(admin, second)).json().telegram.state).toBe("failed");
  });

  it("runs queued jobs in the background loop the server starts", async () => {
    t.app.jobs.start();
    const response = await requestExport(admin, { kind: "ids", eventIds: chosen }, ALL_OPTIONS);
    const { jobId } = response.json().telegram;
    let state = "queued";
    for (let i = 0; i < 100 && state !== "done"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await status(admin, jobId)).json().telegram.state;
    }
    expect(state).toBe("done");
  });

  it(`refuses more than ${EVENT_SELECTION_LIMIT.toLocaleString("en-US")} events`, async () => {
    // Screened before the request (the test clock's time), so all of them count.
    const at = sql`${t.clock.now().toISOString()}::timestamptz`;
    await sql`insert into events (company_id, event_id, shop_event_id, model_id, auth_status, aaresult,
        created_at, requested_at, amount)
      select 'DEMO', 'BULK' || n, 'BULK' || n, 'BULKMODEL', '00', 'OK', ${at} - n * interval '1 second',
        ${at} - n * interval '1 second', 1000
      from generate_series(1, ${EVENT_SELECTION_LIMIT + 1}) n`.execute(t.db);
    // A model of the tenant's, as the search's dropdown offers.
    await t.db
      .insertInto("detection_models")
      .values({ company_id: "DEMO", model_id: "BULKMODEL", model_name: "Bulk" })
      .execute();
    const response = await requestExport(
      admin,
      { kind: "search", search: { ...EMPTY_DETAIL_SEARCH, modelId: "BULKMODEL" }, excludedEventIds: [] },
      ALL_OPTIONS,
    );
    expect(response.json().errors[0], response.body).toEqual({
      code: ERROR.tooManyRows,
      message: messageText("en", "error.tooManyRows", { max: "150,000" }),
    });
  }, 120_000);
});
