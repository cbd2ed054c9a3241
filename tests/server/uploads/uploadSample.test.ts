import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import { uploadSample } from "../../../src/contract/uploadSamples.ts";
import { keywordRowHandler } from "../../../src/server/uploads/keywordRows.ts";
import {
  call,
  createTestApp,
  loginAs,
  type Session,
  setRolePermission,
  type TestApp,
} from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

describe.each(testBackends())("CSV upload sample files (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let viewer: Session;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    viewer = await loginAs(t.app, "DEMO", "viewer@demo.example");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the file type's columns as a header row in UTF-8 with a BOM", async () => {
    const response = await call(t.app, uploadSample, { fileType: "CsvKeyword" }, { session: admin });
    expect(response.statusCode, response.body).toBe(200);
    const { fileName, content } = response.json().telegram;
    expect(fileName).toBe("CsvKeyword_sample.csv");
    expect(content).toBe(`\ufeff${keywordRowHandler.columns.join(",")}\r\n`);
  });

  it("refuses a role without read on the upload screen (962)", async () => {
    await setRolePermission(t.db, { roleId: "viewer", screenIds: ["KeywordAdd"] }, "20");
    const response = await call(t.app, uploadSample, { fileType: "CsvKeyword" }, { session: viewer });
    expect(response.json().errors[0].code).toBe(ERROR.forbidden);
  });
});
