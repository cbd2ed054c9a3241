import { spawn } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiConnectionInfo, apiSecretReveal, apiSecretRotate } from "../../src/contract/apiConnection.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { messageText } from "../../src/contract/messages.ts";
import { ConfigError, loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/connect.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demoSeed.ts";
import { secretFor } from "../../src/server/services/apiConnectionService.ts";
import {
  type CredentialCipher,
  createCredentialCipher,
  credentialKeyFile,
  loadCredentialCipher,
} from "../../src/server/services/credentialCipher.ts";
import { createOperator } from "../../src/server/services/tenantService.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

const MASK = "••••••••";

describe.each(testBackends())("API connection information (%s)", (backend) => {
  let t: TestApp;
  let cipher: CredentialCipher;
  let admin: Session;
  let viewer: Session;
  let reviewer: Session;
  let acme: Session;

  beforeAll(async () => {
    // trace: the most the logger ever writes, so the redaction check below sees everything.
    t = await createTestApp(backend, { env: { LOG_LEVEL: "trace" } });
    cipher = await loadCredentialCipher(t.config);
    [admin, viewer, reviewer, acme] = await Promise.all([
      loginAs(t.app, "DEMO", "admin@demo.example"),
      loginAs(t.app, "DEMO", "viewer@demo.example"),
      loginAs(t.app, "DEMO", "reviewer@demo.example"),
      loginAs(t.app, "ACME", "admin@acme.example"),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const infoOf = async (session: Session) => {
    const response = await call(t.app, apiConnectionInfo, {}, { session });
    expect(response.statusCode).toBe(200);
    return response.json().telegram;
  };
  const reveal = async (session: Session): Promise<string> => {
    const response = await call(t.app, apiSecretReveal, {}, { session });
    expect(response.statusCode).toBe(200);
    return response.json().telegram.secretKey;
  };
  /** Rotates the key the operator saw (the info's rotatedAt; the current one unless given). */
  const rotate = async (session: Session, rotatedAt?: string) =>
    call(t.app, apiSecretRotate, { rotatedAt: rotatedAt ?? (await infoOf(session)).rotatedAt }, { session });
  /** Another administrator of DEMO, signed in (made once). */
  let otherAdmin: Session | undefined;
  const secondAdmin = async (): Promise<Session> => {
    if (!otherAdmin) {
      await createOperator(t.db, {
        companyId: "DEMO",
        email: "admin2@demo.example",
        name: "Second administrator",
        roleId: "administrator",
        password: DEMO_PASSWORD,
      });
      otherAdmin = await loginAs(t.app, "DEMO", "admin2@demo.example");
    }
    return otherAdmin;
  };
  const expectForbidden = (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      result: "20",
      messages: [],
      errors: [{ code: ERROR.forbidden, message: messageText("en", "no.962") }],
      telegram: null,
    });
  };

  it("answers the company's connection info with the secret key masked", async () => {
    const info = await infoOf(viewer);
    expect(info).toEqual({
      companyId: "DEMO",
      applicationId: expect.stringMatching(/^app_[0-9a-f]{16}$/),
      secretKeyMasked: expect.stringMatching(/^••••••••[A-Za-z0-9_-]{4}$/),
      screeningModel: { modelId: "MODEL01", modelName: "標準モデル" },
      rotatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Viewer and administrator of one company see the same application.
    expect(await infoOf(admin)).toEqual(info);
  });

  it("reveals the secret key to an operator with write permission", async () => {
    const secret = await reveal(admin);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const info = await infoOf(admin);
    expect(info.secretKeyMasked).toBe(`${MASK}${secret.slice(-4)}`);
    expect(await secretFor(t.db, info.applicationId, cipher)).toEqual({ companyId: "DEMO", secret });
  });

  it("refuses reveal and rotate to readable-only operators with 962, and changes nothing", async () => {
    const before = await reveal(admin);
    const { rotatedAt } = await infoOf(admin);
    for (const session of [viewer, reviewer]) {
      expectForbidden(await call(t.app, apiSecretReveal, {}, { session }));
      expectForbidden(await call(t.app, apiSecretRotate, { rotatedAt }, { session }));
    }
    expect(await reveal(admin)).toBe(before);
  });

  it("rotates the secret key: the new one is answered once, the old one no longer matches", async () => {
    const before = await infoOf(admin);
    const oldSecret = await reveal(admin);
    const rotateAt = new Date(Date.now() + 60_000);
    t.clock.advanceMinutes(1);
    const response = await rotate(admin, before.rotatedAt);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.messages).toEqual([{ code: "002", message: messageText("en", "no.002") }]);
    const { info, secretKey } = body.telegram;
    expect(secretKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secretKey).not.toBe(oldSecret);
    expect(info).toMatchObject({
      companyId: "DEMO",
      applicationId: before.applicationId,
      secretKeyMasked: `${MASK}${secretKey.slice(-4)}`,
      screeningModel: before.screeningModel,
    });
    expect(Math.abs(new Date(info.rotatedAt).getTime() - rotateAt.getTime())).toBeLessThan(10_000);
    expect(await infoOf(viewer)).toEqual(info);

    const current = await secretFor(t.db, before.applicationId, cipher);
    expect(current).toEqual({ companyId: "DEMO", secret: secretKey });
    expect(current?.secret).not.toBe(oldSecret);
    expect(await reveal(admin)).toBe(secretKey);

    // Who rotated it is recorded.
    const row = await t.db
      .selectFrom("api_applications")
      .select(["updated_by", "rotated_at"])
      .where("application_id", "=", before.applicationId)
      .executeTakeFirstOrThrow();
    const operator = await t.db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", "DEMO")
      .where("email", "=", "admin@demo.example")
      .executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(operator.id);
    expect(row.rotated_at.toISOString()).toBe(info.rotatedAt);
  });

  it("refuses with 015 a rotation of a key another administrator rotated since it was shown", async () => {
    const otherAdmin = await secondAdmin();
    // Both screens show the same key; neither clock moves: the two clicks land in one millisecond.
    const seen = await infoOf(admin);
    expect(await infoOf(otherAdmin)).toEqual(seen);
    const first = await rotate(otherAdmin, seen.rotatedAt);
    expect(first.statusCode).toBe(200);
    const { info: firstInfo, secretKey: firstKey } = first.json().telegram;
    expect(firstInfo.rotatedAt).not.toBe(seen.rotatedAt);

    const late = await rotate(admin, seen.rotatedAt);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      result: "20",
      messages: [],
      errors: [{ code: ERROR.conflict, message: messageText("en", "no.015") }],
      telegram: null,
    });
    // The first rotation's key is the one in force, and the one a reload shows.
    expect(await secretFor(t.db, seen.applicationId, cipher)).toEqual({
      companyId: "DEMO",
      secret: firstKey,
    });
    expect(await infoOf(admin)).toEqual(firstInfo);
    expect(await reveal(admin)).toBe(firstKey);

    // Reloaded, the late administrator may reissue it.
    const again = await rotate(admin, firstInfo.rotatedAt);
    expect(again.statusCode).toBe(200);
    expect(await reveal(otherAdmin)).toBe(again.json().telegram.secretKey);
  });

  it("lets exactly one of two simultaneous rotations of the same key through", async () => {
    const otherAdmin = await secondAdmin();
    const seen = await infoOf(admin);
    const answers = await Promise.all([rotate(admin, seen.rotatedAt), rotate(otherAdmin, seen.rotatedAt)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.statusCode === 200)?.json().telegram;
    expect(await reveal(admin)).toBe(won.secretKey);
    expect(await infoOf(admin)).toEqual(won.info);
  });

  it("refuses a rotation without the key's rotatedAt, changing nothing", async () => {
    const before = await reveal(admin);
    for (const telegram of [{}, { rotatedAt: "yesterday" }, { rotatedAt: "0001-01-01T00:00:00.000Z" }]) {
      const response = await call(t.app, apiSecretRotate, telegram, { session: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({
        code: ERROR.validation,
        field: "telegram.rotatedAt",
      });
    }
    expect(await reveal(admin)).toBe(before);
  });

  it("keeps tenants apart: the company is the session's, never the request's", async () => {
    const demo = await infoOf(admin);
    const acmeInfo = await infoOf(acme);
    expect(acmeInfo.companyId).toBe("ACME");
    expect(acmeInfo.applicationId).not.toBe(demo.applicationId);
    const acmeSecret = await reveal(acme);
    expect(acmeSecret).not.toBe(await reveal(admin));

    // Naming DEMO in info.shopId is refused; naming it in the telegram is an unknown item.
    expectForbidden(await call(t.app, apiConnectionInfo, {}, { session: acme, shopId: "DEMO" }));
    expectForbidden(await call(t.app, apiSecretReveal, {}, { session: acme, shopId: "DEMO" }));
    const named = await call(
      t.app,
      apiSecretRotate,
      { rotatedAt: acmeInfo.rotatedAt, companyId: "DEMO" },
      { session: acme },
    );
    expect(named.statusCode).toBe(400);
    expect(named.json().errors[0].code).toBe(ERROR.unknownKey);
    // ACME's refused attempts left DEMO's key alone.
    expect((await secretFor(t.db, demo.applicationId, cipher))?.companyId).toBe("DEMO");
    expect(await secretFor(t.db, "app_0000000000000000", cipher)).toBeUndefined();
  });

  it("needs a session", async () => {
    const response = await call(t.app, apiConnectionInfo, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe(ERROR.invalidToken);
  });

  it("stores the secret key encrypted, bound to its row", async () => {
    const secret = await reveal(admin);
    const row = await t.db
      .selectFrom("api_applications")
      .selectAll()
      .where("company_id", "=", "DEMO")
      .executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain(secret);
    expect(row.secret_ciphertext).not.toContain(Buffer.from(secret).toString("base64"));
    expect(row.secret_last4).toBe(secret.slice(-4));
    // Copied into ACME's row, DEMO's ciphertext does not decrypt.
    const acmeRow = await t.db
      .selectFrom("api_applications")
      .select("application_id")
      .where("company_id", "=", "ACME")
      .executeTakeFirstOrThrow();
    expect(() =>
      cipher.decrypt(row.secret_ciphertext, `api_applications/ACME/${acmeRow.application_id}`),
    ).toThrow();
    // Another key cannot read it either.
    const otherKey = createCredentialCipher(Buffer.alloc(32, 7));
    expect(() =>
      otherKey.decrypt(row.secret_ciphertext, `api_applications/DEMO/${row.application_id}`),
    ).toThrow();
  });

  it("logs who revealed and who rotated the key, from where, at info level and without the key", async () => {
    const adminId = (
      await t.db
        .selectFrom("operators")
        .select("id")
        .where("company_id", "=", "DEMO")
        .where("email", "=", "admin@demo.example")
        .executeTakeFirstOrThrow()
    ).id;
    const keyLines = () =>
      t
        .logs()
        .split("\n")
        .filter((line) => line.includes('"audit":"apiSecretKey"'));
    const before = keyLines().length;
    const revealed = (
      await call(t.app, apiSecretReveal, {}, { session: admin, remoteAddress: "192.0.2.10" })
    ).json().telegram.secretKey;
    const { rotatedAt } = await infoOf(admin);
    const rotatedResponse = await call(
      t.app,
      apiSecretRotate,
      { rotatedAt },
      { session: admin, remoteAddress: "192.0.2.11" },
    );
    expect(rotatedResponse.statusCode).toBe(200);
    const rotated = rotatedResponse.json().telegram.secretKey;
    // A refused rotation (015) replaced nothing: no line.
    expect((await rotate(admin, rotatedAt)).statusCode).toBe(409);
    // A viewer's refused reveal (962) saw nothing: no line either.
    expect((await call(t.app, apiSecretReveal, {}, { session: viewer })).statusCode).toBe(403);

    const lines = keyLines().slice(before);
    expect(lines).toHaveLength(2);
    const [revealLine, rotateLine] = lines.map((line) => JSON.parse(line));
    expect(revealLine).toMatchObject({
      level: 30,
      audit: "apiSecretKey",
      action: "reveal",
      companyId: "DEMO",
      operatorId: adminId,
      sourceIp: "192.0.2.10",
      msg: "API secret key revealed",
    });
    expect(rotateLine).toMatchObject({
      level: 30,
      audit: "apiSecretKey",
      action: "rotate",
      companyId: "DEMO",
      operatorId: adminId,
      sourceIp: "192.0.2.11",
      msg: "API secret key rotated",
    });
    for (const line of lines) {
      expect(line).not.toContain(revealed);
      expect(line).not.toContain(rotated);
    }
  });

  it("never writes a secret key to the log", async () => {
    const revealed = await reveal(admin);
    const rotated = (await rotate(admin)).json().telegram.secretKey;
    const logs = t.logs();
    expect(logs).toContain("/api/v3/screen/apiConnectionInfo/rotate");
    expect(logs).not.toContain(revealed);
    expect(logs).not.toContain(rotated);
  });
});

describe("credential key", () => {
  const KEY = Buffer.alloc(32, 1).toString("base64");

  it("is made once in DATA_DIR/credential.key with mode 0600 in embedded mode", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "console-key-"));
    try {
      const config = loadConfig({ DATA_DIR: path.join(dataDir, "data") });
      const first = await loadCredentialCipher(config);
      const info = await stat(credentialKeyFile(config.dataDir));
      expect(info.mode & 0o777).toBe(0o600);
      const second = await loadCredentialCipher(config);
      expect(second.decrypt(first.encrypt("s3cret", "ctx"), "ctx")).toBe("s3cret");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("comes from CREDENTIAL_KEY when set, which PostgreSQL requires", async () => {
    const config = loadConfig({ DATABASE_URL: "postgresql://db/console", CREDENTIAL_KEY: KEY });
    expect(config.credentialKey).toEqual(Buffer.alloc(32, 1));
    const cipher = await loadCredentialCipher(config);
    const other = createCredentialCipher(Buffer.alloc(32, 1));
    expect(other.decrypt(cipher.encrypt("s3cret", "ctx"), "ctx")).toBe("s3cret");

    expect(() => loadConfig({ DATABASE_URL: "postgresql://db/console" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: "postgresql://db/console" })).toThrow(
      /CREDENTIAL_KEY is required with DATABASE_URL/,
    );
  });

  it("refuses a CREDENTIAL_KEY that is not 32 bytes of base64, without echoing it", () => {
    for (const bad of ["short", Buffer.alloc(16).toString("base64"), `${KEY}!`]) {
      let message = "";
      try {
        loadConfig({ CREDENTIAL_KEY: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^Invalid configuration: CREDENTIAL_KEY must be 32 random bytes in base64/);
      expect(message).not.toContain(bad);
    }
  });
});

describe("admin create-tenant", () => {
  it("gives the new tenant the standard model and an application whose secret decrypts", async () => {
    const dataDir = await freshDataDir();
    try {
      const args = ["create-tenant", "--company-id", "NEWAPI", "--name", "New API", "--admin-email"];
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "src/cli/admin.ts", ...args, "boss@newapi.example", "--admin-name", "Boss"],
        {
          cwd: path.resolve(import.meta.dirname, "../.."),
          env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
        },
      );
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(0);
      const handle = await openDatabase({ dataDir });
      try {
        const row = await handle.db
          .selectFrom("api_applications")
          .innerJoin("detection_models", (join) =>
            join
              .onRef("detection_models.company_id", "=", "api_applications.company_id")
              .onRef("detection_models.model_id", "=", "api_applications.model_id"),
          )
          .select(["application_id", "model_name", "secret_last4"])
          .where("api_applications.company_id", "=", "NEWAPI")
          .executeTakeFirstOrThrow();
        expect(row.model_name).toBe("標準モデル");
        const cipher = await loadCredentialCipher(loadConfig({ DATA_DIR: dataDir }));
        const found = await secretFor(handle.db, row.application_id, cipher);
        expect(found?.companyId).toBe("NEWAPI");
        expect(found?.secret.slice(-4)).toBe(row.secret_last4);
      } finally {
        await handle.close();
      }
    } finally {
      await removeDataDir(dataDir);
    }
  }, 60_000);
});
