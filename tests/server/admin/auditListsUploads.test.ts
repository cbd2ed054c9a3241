import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HEADER } from "../../../src/contract/envelope.ts";
import { keywordAdd, keywordDelete } from "../../../src/contract/keywords.ts";
import { UPLOAD_PATH } from "../../../src/contract/uploads.ts";
import { whiteAdd, whiteDelete } from "../../../src/contract/whiteList.ts";
import { DEMO_KEYWORD_CATEGORY } from "../../../src/server/seed/demoRules.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

const BOUNDARY = "----auditUploadBoundary";
const CATEGORY = DEMO_KEYWORD_CATEGORY.itemName;

/** A multipart body as a browser's FormData sends it: the envelope field, then the file. */
function multipart(envelope: object, file: { name: string; bytes: Buffer }): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="envelope"\r\n\r\n${JSON.stringify(envelope)}\r\n`,
    ),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** White list, keyword and CSV upload actions write their audit row with the change, and none when refused. */
describe.each(testBackends())("audit rows of list changes and uploads (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let viewer: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example", undefined, "203.0.113.40");
    viewer = await loginAs(t.app, "DEMO", "viewer@demo.example", undefined, "203.0.113.41");
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = (action: string) =>
    t.db
      .selectFrom("audit_log")
      .select(["company_id", "operator_id", "actor", "source_ip", "action", "target", "summary"])
      .where("action", "=", action)
      // This file's own calls only (the demo seed has rows of every action).
      .where("source_ip", "like", "203.0.113.4%")
      .orderBy("id")
      .execute();
  const asAdmin = () => ({ session: admin, remoteAddress: "203.0.113.40" });

  it("records a white list add and delete, with the values and count, and nothing for a refused one", async () => {
    const refusedAdd = await call(t.app, whiteAdd, { type: "ip", values: "not-an-ip" }, asAdmin());
    expect(refusedAdd.statusCode).toBe(400);
    const forbidden = await call(t.app, whiteAdd, { type: "ip", values: "192.0.2.77" }, { session: viewer });
    expect(forbidden.statusCode).toBe(403);
    expect(await rows("white")).toEqual([]);

    const added = await call(t.app, whiteAdd, { type: "ip", values: "192.0.2.77\n192.0.2.78" }, asAdmin());
    expect(added.statusCode, added.body).toBe(200);
    const deleted = await call(
      t.app,
      whiteDelete,
      { entries: [{ type: "ip", value: "192.0.2.77" }] },
      asAdmin(),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const forbiddenDelete = await call(
      t.app,
      whiteDelete,
      { entries: [{ type: "ip", value: "192.0.2.78" }] },
      { session: viewer },
    );
    expect(forbiddenDelete.statusCode).toBe(403);

    const written = await rows("white");
    expect(written.map((row) => [row.company_id, row.actor, row.source_ip, row.target])).toEqual([
      ["DEMO", "admin@demo.example", "203.0.113.40", "white:ip"],
      ["DEMO", "admin@demo.example", "203.0.113.40", "white"],
    ]);
    expect(written[0]?.summary).toEqual({
      before: null,
      after: {
        count: 2,
        entries: [
          { type: "ip", value: "192.0.2.77", validUntil: null, note: "" },
          { type: "ip", value: "192.0.2.78", validUntil: null, note: "" },
        ],
      },
    });
    expect(written[1]?.summary).toMatchObject({ before: { count: 1, deleted: 1 }, after: null });
  });

  it("records a keyword add and delete, and nothing for an unknown category or a reader", async () => {
    const unknown = await call(t.app, keywordAdd, { categoryId: "NO_SUCH", keywords: "x" }, asAdmin());
    expect(unknown.statusCode).toBe(400);
    const forbidden = await call(
      t.app,
      keywordAdd,
      { categoryId: CATEGORY, keywords: "x" },
      { session: viewer },
    );
    expect(forbidden.statusCode).toBe(403);
    expect(await rows("keyword")).toEqual([]);

    const added = await call(
      t.app,
      keywordAdd,
      { categoryId: CATEGORY, keywords: "監査語\n監査語" },
      asAdmin(),
    );
    expect(added.statusCode, added.body).toBe(200);
    const deleted = await call(
      t.app,
      keywordDelete,
      { categoryId: CATEGORY, keywords: ["監査語"] },
      asAdmin(),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);

    const written = await rows("keyword");
    expect(written.map((row) => [row.actor, row.target])).toEqual([
      ["admin@demo.example", `keyword:${CATEGORY}`],
      ["admin@demo.example", `keyword:${CATEGORY}`],
    ]);
    expect(written[0]?.summary).toEqual({ before: null, after: { count: 1, keywords: ["監査語"] } });
    expect(written[1]?.summary).toEqual({
      before: { count: 1, keywords: ["監査語"], deleted: 1 },
      after: null,
    });
  });

  it("records a CSV upload with its job, and nothing for a refused file", async () => {
    const upload = (session: Session, name: string) =>
      t.app.inject({
        method: "POST",
        url: UPLOAD_PATH,
        remoteAddress: "203.0.113.42",
        headers: {
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          cookie: `sid=${session.cookie}`,
        },
        payload: multipart(
          {
            header: { lang: "en", ...DEFAULT_HEADER },
            info: { token: session.token, shopId: session.companyId },
            telegram: { fileType: "CsvKeyword" },
          },
          { name, bytes: Buffer.from(`category,keyword\r\n${CATEGORY},監査アップロード\r\n`) },
        ),
      });
    expect((await upload(admin, "keywords.txt")).statusCode).toBe(400);
    expect((await upload(viewer, "keywords.csv")).statusCode).toBe(403);
    expect(await rows("csvUpload")).toEqual([]);

    const accepted = await upload(admin, "keywords.csv");
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { jobId } = accepted.json().telegram;
    const written = await rows("csvUpload");
    expect(written.map((row) => [row.actor, row.source_ip, row.target])).toEqual([
      ["admin@demo.example", "203.0.113.42", `job:${jobId}`],
    ]);
    expect(written[0]?.summary).toMatchObject({
      after: { fileType: "CsvKeyword", fileName: "keywords.csv" },
    });
  });
});
