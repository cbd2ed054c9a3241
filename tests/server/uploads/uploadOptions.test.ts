import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HEADER } from "../../../src/contract/envelope.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { UPLOAD_PATH, type UploadJob } from "../../../src/contract/uploads.ts";
import { createJobWorker } from "../../../src/server/jobs/jobWorker.ts";
import { keywordRowHandler } from "../../../src/server/uploads/keywordRows.ts";
import { uploadJobKind } from "../../../src/server/uploads/uploadFileTypes.ts";
import { uploadJob } from "../../../src/server/uploads/uploadJob.ts";
import { createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

const BOUNDARY = "----uploadOptionsBoundary";

function multipart(telegram: object, file: { name: string; text: string }, session: Session): Buffer {
  const envelope = {
    header: { lang: "en", ...DEFAULT_HEADER },
    info: { token: session.token, shopId: session.companyId },
    telegram,
  };
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="envelope"\r\n\r\n${JSON.stringify(envelope)}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n` +
      `${file.text}\r\n--${BOUNDARY}--\r\n`,
  );
}

const UPDATE_NOTHING = {
  uploadType: "10",
  logicalDelete: "0",
  settleStatus: "",
  manualResult: "",
  reason: "",
  labelIds: [],
  labelUnregister: "0",
};

describe.each(testBackends())("CSV upload options (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;

  const upload = (telegram: object, text = "categoryId,keyword\n") =>
    t.app.inject({
      method: "POST",
      url: UPLOAD_PATH,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, cookie: `sid=${admin.cookie}` },
      payload: multipart(telegram, { name: "options.csv", text }, admin),
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses an option outside its file type's codes, naming the option", async () => {
    const response = await upload({ fileType: "CsvAuthori", options: { priority: "30" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ code: ERROR.validation, field: "telegram.options.priority" }),
    ]);
    const missing = await upload({ fileType: "CsvNegativeEvent", options: { uploadType: "10" } });
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toContain(
      "telegram.options.customerType",
    );
  });

  it("refuses an option the file type does not take", async () => {
    const response = await upload({ fileType: "CsvKeyword", options: { priority: "10" } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe(ERROR.unknownKey);
  });

  it("refuses a CSV update by event ID that changes nothing with 902; by CSV (30) the rows say", async () => {
    const response = await upload({ fileType: "CsvUpdate", options: UPDATE_NOTHING });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ code: ERROR.noItemSelected, message: messageText("en", "no.902") }),
    ]);
    const byCsv = await upload({ fileType: "CsvUpdate", options: { ...UPDATE_NOTHING, uploadType: "30" } });
    expect(byCsv.json().errors.map((e: { code: string }) => e.code)).not.toContain(ERROR.noItemSelected);
  });

  it("keeps the options in the job and hands them to the row handler with every batch", async () => {
    const response = await upload({ fileType: "CsvKeyword", options: {} }, "categoryId,keyword\nX,a\nX,b\n");
    expect(response.statusCode, response.body).toBe(200);
    const { jobId } = response.json().telegram as UploadJob;
    const job = await t.db
      .selectFrom("jobs")
      .select("payload")
      .where("job_id", "=", jobId)
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ fileType: "CsvKeyword", options: {} });
    // What a screen's options look like to a handler: stored with the job, read back per batch.
    await t.db
      .updateTable("jobs")
      .set({ payload: JSON.stringify({ fileType: "CsvKeyword", options: { priority: "20" } }) })
      .where("job_id", "=", jobId)
      .execute();
    const seen: unknown[] = [];
    const worker = createJobWorker({ db: t.db, now: t.clock.now, log: t.app.log });
    const deps = {
      db: t.db,
      config: t.config,
      mailer: { send: async () => ({}), close() {} },
      now: t.clock.now,
    };
    worker.register(
      uploadJobKind("CsvKeyword"),
      uploadJob(deps, {
        ...keywordRowHandler,
        async applyBatch(_trx, context, rows) {
          seen.push(context.options);
          return rows.map(() => ({ applied: true }) as const);
        },
      }),
    );
    expect(await worker.runNext()).toBe(true);
    expect(seen).toEqual([{ priority: "20" }]);
  });
});
