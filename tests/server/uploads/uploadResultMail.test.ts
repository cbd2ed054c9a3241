import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadJob } from "../../../src/contract/uploads.ts";
import type { JobHandler } from "../../../src/server/jobs/jobTypes.ts";
import { createJobWorker } from "../../../src/server/jobs/jobWorker.ts";
import type { Mailer, OutgoingMail } from "../../../src/server/mail/mailer.ts";
import {
  CSV_NEGATIVE_ITEM_COLUMNS,
  csvNegativeItemRowHandler,
} from "../../../src/server/uploads/csvNegativeRows.ts";
import { uploadJobKind } from "../../../src/server/uploads/uploadFileTypes.ts";
import { uploadJob } from "../../../src/server/uploads/uploadJob.ts";
import { createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { csvText, jobStatus, rowOf, uploadFile } from "./uploadTestKit.ts";

/**
 * The upload-result mail goes out at most once per job (docs/uploads.md "The result mail"): a run
 * that dies after its mail (result file written, job not yet marked done) is taken over by another
 * worker, which ends the job without mailing again; a run that dies while sending loses the mail
 * rather than sending it twice.
 */
describe.each(testBackends())("upload-result mail, once per job (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let recipients: number;
  let serial = 0;

  const recording = (sent: OutgoingMail[], hang = false): Mailer => ({
    send: async (mail) => {
      sent.push(mail);
      if (hang) return new Promise(() => {});
      return {};
    },
    close() {},
  });

  const deps = (mailer: Mailer) => ({ db: t.db, config: t.config, mailer, now: t.clock.now });

  /** Uploads a one-row CsvNegativeItem file (a fresh phone number each time). */
  const uploadOne = async () => {
    serial += 1;
    const tel = `080-5555-${String(serial).padStart(4, "0")}`;
    const bytes = Buffer.from(
      csvText(CSV_NEGATIVE_ITEM_COLUMNS, [rowOf(CSV_NEGATIVE_ITEM_COLUMNS, { customerType: "10", tel })]),
    );
    return uploadFile(t.app, admin, { fileType: "CsvNegativeItem", bytes });
  };

  /** Runs the job in a worker whose handler never returns after its work (a process that died there). */
  const dyingRun = async (mailer: Mailer) => {
    const dying: JobHandler = (job, context) =>
      uploadJob(deps(mailer), csvNegativeItemRowHandler)(job, context).then(() => new Promise(() => {}));
    const worker = createJobWorker({ db: t.db, now: t.clock.now, log: t.app.log });
    worker.register(uploadJobKind("CsvNegativeItem"), dying);
    void worker.runNext();
  };

  /** Another process's worker takes the job over once the dead run's heartbeat is stale. */
  const takeOver = async (mailer: Mailer, jobId: string): Promise<UploadJob> => {
    t.clock.advanceMinutes(5);
    const worker = createJobWorker({ db: t.db, now: t.clock.now, log: t.app.log });
    worker.register(uploadJobKind("CsvNegativeItem"), uploadJob(deps(mailer), csvNegativeItemRowHandler));
    expect(await worker.runNext()).toBe(true);
    return jobStatus(t.app, admin, jobId);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    await t.db
      .updateTable("operators")
      .set({ notify_upload: true })
      .where("company_id", "=", "DEMO")
      .where("email", "=", "admin@demo.example")
      .execute();
    const rows = await t.db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", "DEMO")
      .where("notify_upload", "=", true)
      .execute();
    recipients = rows.length;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a run that dies after mailing, taken over by another worker, mails once", async () => {
    const job = await uploadOne();
    const first: OutgoingMail[] = [];
    await dyingRun(recording(first));
    await expect.poll(() => first.length, { timeout: 10_000 }).toBe(recipients);
    const midway = await jobStatus(t.app, admin, job.jobId);
    // The result file is written and the mail sent, but the job was never marked done.
    expect(midway).toMatchObject({ state: "running", hasResult: true });
    const second: OutgoingMail[] = [];
    const done = await takeOver(recording(second), job.jobId);
    expect(done).toMatchObject({ state: "done", appliedRows: 1 });
    expect(second).toEqual([]);
    expect(first.map((mail) => mail.to)).toContain("admin@demo.example");
  });

  it("a run that dies while sending loses the mail rather than sending it twice (at most once)", async () => {
    const job = await uploadOne();
    const first: OutgoingMail[] = [];
    await dyingRun(recording(first, true));
    await expect.poll(() => first.length, { timeout: 10_000 }).toBe(1);
    const second: OutgoingMail[] = [];
    const done = await takeOver(recording(second), job.jobId);
    expect(done.state).toBe("done");
    expect(second).toEqual([]);
  });

  it("a job run to its end without a crash mails each recipient once", async () => {
    const job = await uploadOne();
    const sent: OutgoingMail[] = [];
    const done = await takeOver(recording(sent), job.jobId);
    expect(done.state).toBe("done");
    expect(sent).toHaveLength(recipients);
    expect(sent[0]?.text).toContain("1 rows: 1 applied, 0 refused");
  });
});
