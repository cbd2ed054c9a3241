import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HEADER } from "../../../src/contract/envelope.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import {
  UPLOAD_PATH,
  type UploadJob,
  uploadFileLink,
  uploadHistory,
  uploadJobStatus,
} from "../../../src/contract/uploads.ts";
import type { JobHandler } from "../../../src/server/jobs/jobTypes.ts";
import { createJobWorker } from "../../../src/server/jobs/jobWorker.ts";
import { keywordRowHandler } from "../../../src/server/uploads/keywordRows.ts";
import type { UploadRowHandler } from "../../../src/server/uploads/rowHandler.ts";
import { uploadJobKind } from "../../../src/server/uploads/uploadFileTypes.ts";
import { UPLOAD_BATCH_ROWS, uploadJob } from "../../../src/server/uploads/uploadJob.ts";
import { type SmtpCapture, startSmtpCapture } from "../../support/smtpCapture.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

const CATEGORY = "UPLOADTEST";
const BOUNDARY = "----uploadTestBoundary";
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A multipart body as a browser's FormData sends it: the envelope field, then the file. */
function multipart(envelope: object | null, file: { name: string; bytes: Buffer } | null): Buffer {
  const parts: Buffer[] = [];
  if (envelope)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="envelope"\r\n\r\n${JSON.stringify(envelope)}\r\n`,
      ),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

describe.each(testBackends())("CSV upload pipeline (%s)", (backend) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: Session;
  let viewer: Session;
  let acme: Session;

  const upload = (session: Session, file: { name: string; bytes: Buffer } | null, fileType = "CsvKeyword") =>
    t.app.inject({
      method: "POST",
      url: UPLOAD_PATH,
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        cookie: `sid=${session.cookie}`,
      },
      payload: multipart(
        {
          header: { lang: "en", ...DEFAULT_HEADER },
          info: { token: session.token, shopId: session.companyId },
          telegram: { fileType },
        },
        file,
      ),
    });

  /** Uploads a file and runs its job to the end; answers the job as the status call sees it. */
  async function uploadAndRun(bytes: Buffer, name = "keywords.csv"): Promise<UploadJob> {
    const response = await upload(admin, { name, bytes });
    expect(response.statusCode, response.body).toBe(200);
    const { jobId } = response.json().telegram as UploadJob;
    await t.app.jobs.drain();
    return (await call(t.app, uploadJobStatus, { jobId }, { session: admin })).json().telegram;
  }

  async function download(
    job: UploadJob,
    processingType: "upload" | "download",
    session = admin,
  ): Promise<Buffer> {
    const link = await call(
      t.app,
      uploadFileLink,
      { jobId: job.jobId, processingType, fileType: job.fileType },
      { session },
    );
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({
      method: "GET",
      url: link.json().telegram.downloadUrl,
      headers: { cookie: `sid=${session.cookie}` },
    });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  }

  const keywordsOf = async () =>
    (
      await t.db
        .selectFrom("keywords")
        .select("keyword")
        .where("company_id", "=", "DEMO")
        .where("category_id", "=", CATEGORY)
        .orderBy("keyword")
        .execute()
    ).map((row) => row.keyword);

  const clearKeywords = () =>
    t.db
      .deleteFrom("keywords")
      .where("company_id", "=", "DEMO")
      .where("category_id", "=", CATEGORY)
      .execute();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(backend, { env: { SMTP_URL: smtp.url } });
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    viewer = await loginAs(t.app, "DEMO", "viewer@demo.example");
    acme = await loginAs(t.app, "ACME", "admin@acme.example");
    await t.db
      .insertInto("keyword_categories")
      .values({
        company_id: "DEMO",
        category_id: CATEGORY,
        name: "upload test",
        target: "address",
        created_at: new Date(),
      })
      .execute();
    await t.db
      .updateTable("operators")
      .set({ notify_upload: true })
      .where("email", "=", "admin@demo.example")
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("reads a UTF-8 file with a BOM, CRLF and quoted commas, quotes and line breaks, and writes the result with a BOM", async () => {
    await clearKeywords();
    const text = `categoryId,keyword\r\n${CATEGORY},"a,b"\r\n${CATEGORY},"say ""hi"""\r\n${CATEGORY},"two\r\nlines"\r\n`;
    const job = await uploadAndRun(Buffer.concat([BOM, Buffer.from(text)]));
    expect(job).toMatchObject({
      state: "done",
      encoding: "utf8bom",
      totalRows: 3,
      processedRows: 3,
      appliedRows: 3,
      refusedRows: 0,
    });
    expect(await keywordsOf()).toEqual(["a,b", 'say "hi"', "two\r\nlines"].sort());
    const result = await download(job, "download");
    expect(result.subarray(0, 3)).toEqual(BOM);
    const rows = parse(result.subarray(3).toString("utf8")) as string[][];
    expect(rows).toEqual([
      ["categoryId", "keyword", "result", "message"],
      [CATEGORY, "a,b", "applied", ""],
      [CATEGORY, 'say "hi"', "applied", ""],
      [CATEGORY, "two\r\nlines", "applied", ""],
    ]);
    expect(await download(job, "upload")).toEqual(Buffer.concat([BOM, Buffer.from(text)]));
    // The mail tells the type and counts, never a row.
    const mail = await smtp.waitFor(
      (m) => m.to.includes("admin@demo.example") && m.subject.includes("CSV upload"),
    );
    expect(mail.text).toContain("3 rows: 3 applied, 0 refused");
    expect(mail.text).toContain("/v3/keywordCategoryList");
    expect(mail.text).not.toContain("a,b");
  });

  it("reads UTF-8 without a BOM and LF line ends; the result has no BOM", async () => {
    await clearKeywords();
    const job = await uploadAndRun(
      Buffer.from(`keyword,categoryId\nnakano,${CATEGORY}\n東京都,${CATEGORY}\n`),
    );
    expect(job).toMatchObject({ state: "done", encoding: "utf8", appliedRows: 2 });
    const result = await download(job, "download");
    expect(result.subarray(0, 3)).not.toEqual(BOM);
    expect(parse(result.toString("utf8"))).toEqual([
      ["keyword", "categoryId", "result", "message"],
      ["nakano", CATEGORY, "applied", ""],
      ["東京都", CATEGORY, "applied", ""],
    ]);
  });

  it("reads CP932 (①, 髙, ～, －, half-width kana) and writes the result back in CP932, read back exactly", async () => {
    await clearKeywords();
    const values = ["①番地", "髙橋", "東京～大阪", "ﾃｽﾄ－ｶﾅ"];
    const text = `categoryId,keyword\r\n${values.map((value) => `${CATEGORY},${value}`).join("\r\n")}\r\n`;
    const bytes = iconv.encode(text, "cp932");
    const job = await uploadAndRun(bytes);
    expect(job).toMatchObject({ state: "done", encoding: "cp932", appliedRows: 4 });
    expect(await keywordsOf()).toEqual([...values].sort());
    const result = await download(job, "download");
    const rows = parse(iconv.decode(result, "cp932")) as string[][];
    expect(rows.slice(1).map((row) => row[1])).toEqual(values);
    expect(await download(job, "upload")).toEqual(bytes);
  });

  it("refuses a header with a missing or unknown column before any row, naming it", async () => {
    await clearKeywords();
    const missing = await uploadAndRun(Buffer.from(`categoryId\n${CATEGORY}\n`));
    expect(missing.state).toBe("failed");
    expect(missing.error).toBe(messageText("en", "validation.uploadMissingColumn", { column: "keyword" }));
    const unknown = await uploadAndRun(Buffer.from(`categoryId,keyword,colour\n${CATEGORY},x,red\n`));
    expect(unknown.state).toBe("failed");
    expect(unknown.error).toContain("colour");
    expect(unknown).toMatchObject({ processedRows: 0, appliedRows: 0, hasResult: false });
    expect(await keywordsOf()).toEqual([]);
  });

  it("fails a file over the row limit before any row is applied, naming the limit", async () => {
    await clearKeywords();
    const deps = {
      db: t.db,
      config: { ...t.config, uploadMaxRows: 2 },
      mailer: { send: async () => ({}), close() {} },
      now: t.clock.now,
    };
    const worker = createJobWorker({ db: t.db, now: t.clock.now, log: t.app.log });
    worker.register(uploadJobKind("CsvKeyword"), uploadJob(deps, keywordRowHandler));
    const response = await upload(admin, {
      name: "rows.csv",
      bytes: Buffer.from(`categoryId,keyword\n${CATEGORY},a\n${CATEGORY},b\n${CATEGORY},c\n`),
    });
    const { jobId } = response.json().telegram as UploadJob;
    expect(await worker.runNext()).toBe(true);
    const job = (await call(t.app, uploadJobStatus, { jobId }, { session: admin })).json()
      .telegram as UploadJob;
    expect(job).toMatchObject({ state: "failed", error: "The file has more than 2 rows.", appliedRows: 0 });
    expect(await keywordsOf()).toEqual([]);
  });

  it("refuses a bad extension and a missing file with the spec's messages", async () => {
    const bad = await upload(admin, { name: "keywords.txt", bytes: Buffer.from("categoryId,keyword\n") });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { code: ERROR.validation, field: "file", message: "Invalid file extension" },
    ]);
    const none = await upload(admin, null);
    expect(none.json().errors).toEqual([
      { code: ERROR.validation, field: "file", message: "This is a required field" },
    ]);
    const empty = await upload(admin, { name: "", bytes: Buffer.alloc(0) });
    expect(empty.json().errors[0].message).toBe("This is a required field");
  });

  it("refuses a file over the size limit with a message naming it", async () => {
    const big = await upload(admin, {
      name: "big.csv",
      bytes: Buffer.alloc(t.config.uploadMaxBytes + 10, 0x61),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().errors[0].message).toBe(
      `The file is larger than ${t.config.uploadMaxBytes / 1024 / 1024} MB.`,
    );
  });

  it("gives every row a result: refused rows spread through the file name row, column and reason", async () => {
    await clearKeywords();
    const rows: string[] = [];
    const refused = new Map<number, string>();
    for (let i = 1; i <= 1_200; i++) {
      const rowNo = i + 1;
      if (i % 97 === 0) {
        rows.push(`NOSUCH,kw${i}`);
        refused.set(rowNo, `Row ${rowNo}, column categoryId: is not a keyword category of this company`);
      } else if (i % 131 === 0) {
        rows.push(`${CATEGORY},%_%`);
        refused.set(
          rowNo,
          `Row ${rowNo}, column keyword: Keywords composed only of '%' or '_' cannot be registered.`,
        );
      } else if (i === 600) {
        rows.push(`${CATEGORY},only,three`);
        refused.set(rowNo, `Row ${rowNo}: 3 fields where the header has 2.`);
      } else rows.push(`${CATEGORY},kw${i}`);
    }
    const job = await uploadAndRun(Buffer.from(`categoryId,keyword\n${rows.join("\n")}\n`));
    expect(job).toMatchObject({ state: "doneWithErrors", totalRows: 1_200, processedRows: 1_200 });
    expect(job.refusedRows).toBe(refused.size);
    expect(job.appliedRows).toBe(1_200 - refused.size);
    expect((await keywordsOf()).length).toBe(1_200 - refused.size);
    const result = parse(await download(job, "download"), { relax_column_count: true }) as string[][];
    expect(result).toHaveLength(1_201);
    result.slice(1).forEach((row, i) => {
      const message = refused.get(i + 2);
      expect(row.slice(-2)).toEqual(message ? ["refused", message] : ["applied", ""]);
    });
  });

  it("a worker that dies mid-file is taken over after its checkpoint: every row applied exactly once", async () => {
    await clearKeywords();
    const total = UPLOAD_BATCH_ROWS * 4 + 7;
    const applied: number[] = [];
    let calls = 0;
    /** Counts the rows of every batch it applies; on its third batch it fails as a killed process would. */
    const counting = (dieOnBatch: number | null): UploadRowHandler => ({
      ...keywordRowHandler,
      async applyBatch(trx, context, rows) {
        calls += 1;
        if (calls === dieOnBatch) throw new Error("killed");
        const outcomes = await keywordRowHandler.applyBatch(trx, context, rows);
        applied.push(...rows.map((row) => row.rowNo));
        return outcomes;
      },
    });
    const deps = {
      db: t.db,
      config: t.config,
      mailer: { send: async () => ({}), close() {} },
      now: t.clock.now,
    };
    // The dead run never writes its failure: its process is gone, so its handler never returns.
    const dying: JobHandler = (job, context) =>
      uploadJob(deps, counting(3))(job, context).catch(() => new Promise(() => {}));
    const first = createJobWorker({ db: t.db, now: t.clock.now, log: t.app.log });
    first.register(uploadJobKind("CsvKeyword"), dying);
    const lines = Array.from({ length: total }, (_, i) => `${CATEGORY},k${i + 1}`);
    const response = await upload(admin, {
      name: "crash.csv",
      bytes: Buffer.from(`categoryId,keyword\n${lines.join("\n")}\n`),
    });
    const { jobId } = response.json().telegram as UploadJob;
    void first.runNext();
    await expect.poll(() => calls, { timeout: 10_000 }).toBe(3);
    const midway = (await call(t.app, uploadJobStatus, { jobId }, { session: admin })).json()
      .telegram as UploadJob;
    expect(midway).toMatchObject({ state: "running", processedRows: UPLOAD_BATCH_ROWS * 2 });
    // Its heartbeat goes stale; another process's worker claims the job and continues.
    t.clock.advanceMinutes(5);
    const second = createJobWorker({ db: t.db, now: t.clock.now, log: t.app.log });
    second.register(uploadJobKind("CsvKeyword"), uploadJob(deps, counting(null)));
    expect(await second.runNext()).toBe(true);
    const done = (await call(t.app, uploadJobStatus, { jobId }, { session: admin })).json()
      .telegram as UploadJob;
    expect(done).toMatchObject({ state: "done", totalRows: total, processedRows: total, appliedRows: total });
    expect([...applied].sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 2));
    expect((await keywordsOf()).length).toBe(total);
    const results = await t.db
      .withTables<{ upload_row_results: { job_id: string; row_no: number } }>()
      .selectFrom("upload_row_results")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("job_id", "=", jobId)
      .executeTakeFirstOrThrow();
    expect(Number(results.n)).toBe(total);
  });

  it("sweeps the pieces of a file whose upload never became a job, and keeps the jobs' files", async () => {
    const chunks = t.db.withTables<{
      upload_file_chunks: {
        company_id: string;
        file_id: string;
        part: string;
        seq: number;
        data: Uint8Array;
        stored_at: Date;
      };
    }>();
    const kept = await uploadAndRun(Buffer.from(`categoryId,keyword\n${CATEGORY},kept\n`));
    await chunks
      .insertInto("upload_file_chunks")
      .values({
        company_id: "DEMO",
        file_id: "orphan",
        part: "upload",
        seq: 0,
        data: Buffer.from("x"),
        stored_at: new Date(t.clock.now().getTime() - 25 * 3_600_000),
      })
      .execute();
    await t.app.jobs.sweep();
    const left = await chunks
      .selectFrom("upload_file_chunks")
      .select("file_id")
      .where("file_id", "=", "orphan")
      .execute();
    expect(left).toEqual([]);
    expect((await download(kept, "upload")).toString()).toContain("kept");
  });

  it("never shows another tenant's job or files", async () => {
    t.clock.advanceMinutes(1); // the newest upload of all
    const job = await uploadAndRun(Buffer.from(`categoryId,keyword\n${CATEGORY},isolated\n`));
    const status = await call(t.app, uploadJobStatus, { jobId: job.jobId }, { session: acme });
    expect(status.json().errors[0].code).toBe(ERROR.notFound);
    for (const processingType of ["upload", "download"] as const) {
      const link = await call(
        t.app,
        uploadFileLink,
        { jobId: job.jobId, processingType, fileType: "CsvKeyword" },
        { session: acme },
      );
      expect(link.json().errors[0].code).toBe(ERROR.notFound);
    }
    const history = await call(
      t.app,
      uploadHistory,
      { fileTypes: ["CsvKeyword"], from: null, to: null, page: 1 },
      { session: acme },
    );
    expect(history.json().telegram).toMatchObject({ jobs: [], total: 0 });
    const own = await call(
      t.app,
      uploadHistory,
      { fileTypes: ["CsvKeyword"], from: null, to: null, page: 1 },
      { session: admin },
    );
    const listed = own.json().telegram.jobs as UploadJob[];
    expect(listed[0]?.jobId).toBe(job.jobId);
    expect(
      listed.every((row, i) => i === 0 || row.uploadedAt <= (listed[i - 1] as UploadJob).uploadedAt),
    ).toBe(true);
    const later = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const none = await call(
      t.app,
      uploadHistory,
      { fileTypes: ["CsvKeyword"], from: later, to: null, page: 1 },
      { session: admin },
    );
    expect(none.json().telegram).toMatchObject({ jobs: [], total: 0 });
    // A link of DEMO's file opened with ACME's session is refused too.
    const link = await call(
      t.app,
      uploadFileLink,
      { jobId: job.jobId, processingType: "upload", fileType: "CsvKeyword" },
      { session: admin },
    );
    const stolen = await t.app.inject({
      method: "GET",
      url: link.json().telegram.downloadUrl,
      headers: { cookie: `sid=${acme.cookie}` },
    });
    expect(stolen.statusCode).toBe(404);
  });

  it("refuses an upload by a role that may not write the upload screen (viewer: 962), and a foreign shopId", async () => {
    await t.db
      .updateTable("role_permissions")
      .set({ permission: "10" })
      .where("company_id", "=", "DEMO")
      .where("screen_id", "=", "KeywordAdd")
      .where("role_id", "=", (eb) =>
        eb.selectFrom("operators").select("role_id").where("email", "=", "viewer@demo.example").limit(1),
      )
      .execute();
    const refused = await upload(viewer, {
      name: "k.csv",
      bytes: Buffer.from(`categoryId,keyword\n${CATEGORY},v\n`),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatchObject({
      code: ERROR.forbidden,
      message: messageText("en", "no.962"),
    });
    const noToken = await t.app.inject({
      method: "POST",
      url: UPLOAD_PATH,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, cookie: `sid=${admin.cookie}` },
      payload: multipart(
        {
          header: { lang: "en", ...DEFAULT_HEADER },
          info: { token: "wrong", shopId: "DEMO" },
          telegram: { fileType: "CsvKeyword" },
        },
        { name: "k.csv", bytes: Buffer.from("categoryId,keyword\n") },
      ),
    });
    expect(noToken.statusCode).toBe(401);
  });
});
