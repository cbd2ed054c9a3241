import type { LightMyRequestResponse } from "fastify";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import { DOWNLOAD_LINK_MINUTES, DOWNLOAD_PATH_PREFIX } from "../../../src/contract/eventExport.ts";
import {
  NEGATIVE_FIELDS,
  type NegativeCsvStatus,
  type NegativeRow,
  negativeAdd,
  negativeCsv,
  negativeCsvLink,
  negativeCsvStatus,
  negativeSearch,
} from "../../../src/contract/negativeList.ts";
import { negativeExportJob } from "../../../src/server/services/lists/negativeExportJob.ts";
import { NEGATIVE_CSV_JOB } from "../../../src/server/services/lists/negativeExportPayload.ts";
import {
  expectDone,
  expectRefusal,
  openReviewApp,
  type ReviewApp,
  send,
  uniqueTel,
} from "../eventDetailHarness.ts";
import { loginAs, type Session, setRolePermission } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A CSV file's records as cells (RFC 4180 quoting; the test's values hold no line ends). */
function records(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => {
      const cells: string[] = [];
      const cell = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
      for (let m = cell.exec(line); m !== null && m.index < line.length; m = cell.exec(line)) {
        const raw = m[1] ?? "";
        cells.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
        if (m[2] === "") break;
      }
      return cells;
    });
}

describe.each(testBackends())("negative list CSV output job (%s)", (backend) => {
  let r: ReviewApp;

  beforeAll(async () => {
    r = await openReviewApp(backend);
    // Batches of two, so a search of three entries crosses a keyset batch boundary.
    r.t.app.jobs.register(
      NEGATIVE_CSV_JOB,
      negativeExportJob({ db: r.t.db, config: r.t.config, now: r.t.clock.now }, 2),
    );
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  const download = (url: string, session?: Session): Promise<LightMyRequestResponse> =>
    r.t.app.inject({
      method: "GET",
      url,
      headers: { "accept-language": "en", ...(session ? { cookie: `sid=${session.cookie}` } : {}) },
    });

  /** Requests the output, runs the queued job, and answers its ID, its status and a download link. */
  async function exportAndRun(session: Session, telegram: unknown) {
    const { jobId } = expectDone<{ jobId: string }>(await send(r.t, negativeCsv, session, telegram));
    const queued = expectDone<NegativeCsvStatus>(await send(r.t, negativeCsvStatus, session, { jobId }));
    expect(queued).toMatchObject({ jobId, state: "queued", rowCount: null, expiresAt: null });
    // Not ready yet: no link.
    expectRefusal(await send(r.t, negativeCsvLink, session, { jobId }), ERROR.notFound);
    await r.t.app.jobs.drain();
    const done = expectDone<NegativeCsvStatus>(await send(r.t, negativeCsvStatus, session, { jobId }));
    expect(done.state).toBe("done");
    const linked = await send(r.t, negativeCsvLink, session, { jobId });
    const link = expectDone<{ downloadUrl: string; expiresAt: string }>(linked);
    expect(JSON.stringify(linked.json().messages)).toContain("005");
    expect(link.downloadUrl).toMatch(new RegExp(`^${DOWNLOAD_PATH_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(link.expiresAt).toBe(done.expiresAt);
    return { jobId, done, url: link.downloadUrl };
  }

  async function addTels(session: Session, tels: string[], note: string) {
    expectDone(await send(r.t, negativeAdd, session, { item: "tel", values: tels.join("\n"), note }));
  }

  it("writes exactly the matching entries, UTF-8 with a BOM, Excel-safe, audited and downloadable once ready", async () => {
    const tels = [uniqueTel(), uniqueTel(), uniqueTel()];
    const other = uniqueTel();
    await addTels(r.reviewer, tels, '=HYPERLINK("x")');
    await addTels(r.reviewer, [other], "not asked for");
    const search = { item: "tel", values: tels.join(" ") };
    const page = expectDone<{ entries: NegativeRow[]; total: number }>(
      await send(r.t, negativeSearch, r.viewer, { search }),
    );
    expect(page.total).toBe(3);

    const { jobId, done, url } = await exportAndRun(r.viewer, { search });
    expect(done.rowCount).toBe(3);
    expect(done.fileName).toMatch(/^negativeList_\d{14}\.csv$/);
    const response = await download(url, r.viewer);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(response.headers["content-disposition"])).toContain(done.fileName);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    const [header, ...rows] = records(bytes.subarray(3).toString("utf8"));
    expect(header).toEqual([
      "negativeId",
      "createdAt",
      "updatedAt",
      "addType",
      "eventId",
      "shopEventId",
      ...NEGATIVE_FIELDS,
      "validUntil",
      "note",
    ]);
    const column = (name: string) => (header as string[]).indexOf(name);
    // The search's entries, newest first, each once; the other entry is not among them.
    expect(rows.map((row) => row[column("negativeId")])).toEqual(
      page.entries.map((entry) => entry.negativeId),
    );
    expect(rows.map((row) => row[column("tel")]).sort()).toEqual([...tels].sort());
    expect(rows.flat()).not.toContain(other);
    for (const row of rows) {
      expect(row).toHaveLength((header as string[]).length);
      // A cell starting with = is made text for Excel.
      expect(row[column("note")]).toBe(`'=HYPERLINK("x")`);
      expect(row[column("updatedAt")]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    }

    // Requested and downloaded: both audited, never the entries themselves.
    const audit = await r.t.db
      .selectFrom("audit_log")
      .select(["action", "target", "summary"])
      .where("company_id", "=", "DEMO")
      .where("target", "=", `job:${jobId}`)
      .orderBy("at")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["csvOutput", "download"]);
    expect(JSON.stringify(audit)).not.toContain(tels[0]);
  });

  it("writes CP932 without a BOM when asked, Japanese kept", async () => {
    const tel = uniqueTel();
    await addTels(r.reviewer, [tel], "チャージバック顧客");
    const { url, done } = await exportAndRun(r.viewer, {
      search: { item: "tel", values: tel },
      encoding: "cp932",
    });
    expect(done.rowCount).toBe(1);
    const response = await download(url, r.viewer);
    expect(response.headers["content-type"]).toBe("text/csv; charset=Shift_JIS");
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 3)).not.toEqual(BOM);
    const [, row] = records(iconv.decode(bytes, "cp932"));
    expect(row).toContain(tel);
    expect(row).toContain("チャージバック顧客");
    expect(bytes.includes(iconv.encode("チャージバック顧客", "cp932"))).toBe(true);
  });

  it("keeps the job and its file to the operator who asked: another operator or tenant gets 963", async () => {
    const tel = uniqueTel();
    await addTels(r.reviewer, [tel], "");
    const { jobId, url } = await exportAndRun(r.viewer, { search: { item: "tel", values: tel } });
    for (const session of [r.acme, r.reviewer]) {
      expectRefusal(await send(r.t, negativeCsvStatus, session, { jobId }), ERROR.notFound);
      expectRefusal(await send(r.t, negativeCsvLink, session, { jobId }), ERROR.notFound);
      const refused = await download(url, session);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errors[0].code).toBe(ERROR.notFound);
    }
    expect((await download(url)).statusCode).toBe(401);
    // Another tenant's search never sees DEMO's entries: its file is empty past the header.
    const { url: acmeUrl, done } = await exportAndRun(r.acme, { search: { item: "tel", values: tel } });
    expect(done.rowCount).toBe(0);
    expect(records((await download(acmeUrl, r.acme)).rawPayload.subarray(3).toString("utf8"))).toHaveLength(
      1,
    );
    expect(
      await r.t.db
        .selectFrom("jobs")
        .select("company_id")
        .where("kind", "=", NEGATIVE_CSV_JOB)
        .where("job_id", "=", jobId)
        .execute(),
    ).toEqual([{ company_id: "DEMO" }]);
  });

  it("needs read on the list: none refuses the request, status, link and download with 962", async () => {
    const tel = uniqueTel();
    await addTels(r.reviewer, [tel], "");
    const { jobId, url } = await exportAndRun(r.viewer, { search: { item: "tel", values: tel } });
    const revoke = (permission: "10" | "20") =>
      setRolePermission(r.t.db, { roleId: "viewer", screenIds: ["NegativeList"] }, permission);
    await revoke("20");
    try {
      const viewer = await loginAs(r.t.app, "DEMO", "viewer@demo.example");
      expectRefusal(await send(r.t, negativeCsv, viewer, { search: {} }), ERROR.forbidden);
      expectRefusal(await send(r.t, negativeCsvStatus, viewer, { jobId }), ERROR.forbidden);
      expectRefusal(await send(r.t, negativeCsvLink, viewer, { jobId }), ERROR.forbidden);
      const refused = await download(url, viewer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].code).toBe(ERROR.forbidden);
    } finally {
      await revoke("10");
    }
  });

  it("refuses bad input with the spec's messages and an expired file with 410", async () => {
    const invalid = expectRefusal(
      await send(r.t, negativeCsv, r.viewer, { search: { values: "0312345678" }, encoding: "latin1" }),
      ERROR.validation,
    );
    expect(invalid.map((error) => error.field).sort()).toEqual(["telegram.encoding", "telegram.search.item"]);
    expectRefusal(await send(r.t, negativeCsvStatus, r.viewer, { jobId: "" }), ERROR.validation);
    expectRefusal(await send(r.t, negativeCsvLink, r.viewer, { jobId: "no-such-job" }), ERROR.notFound);

    const tel = uniqueTel();
    await addTels(r.reviewer, [tel], "");
    const { jobId } = await exportAndRun(r.viewer, { search: { item: "tel", values: tel } });
    r.t.clock.advanceMinutes(DOWNLOAD_LINK_MINUTES + 1);
    try {
      const viewer = await loginAs(r.t.app, "DEMO", "viewer@demo.example");
      expectRefusal(await send(r.t, negativeCsvLink, viewer, { jobId }), ERROR.downloadExpired);
    } finally {
      r.t.clock.advanceMinutes(-(DOWNLOAD_LINK_MINUTES + 1));
    }
  });
});
