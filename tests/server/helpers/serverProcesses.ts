import { buildApp } from "../../../src/server/app.ts";
import { loadConfig } from "../../../src/server/config.ts";
import { type DatabaseHandle, openDatabase } from "../../../src/server/db/connect.ts";
import { createMailer } from "../../../src/server/mail/mailer.ts";
import type { TestDatabase } from "./testBackends.ts";

export type ServerApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * `count` servers on one test database as that many processes would run (docs/operations.md): each
 * its own app and its own connection pool. close() ends the apps, then their pools.
 */
export async function serversOn(database: TestDatabase, count: number) {
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    PUBLIC_URL: "http://console.test",
    LOG_LEVEL: "silent",
  });
  const handles: DatabaseHandle[] = [];
  const apps: ServerApp[] = [];
  for (let index = 0; index < count; index++) {
    const handle = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    handles.push(handle);
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: config.dataDir });
    const app = await buildApp({ config, db: handle.db, mailer, clientDir: "/nonexistent-client-build" });
    app.addHook("onClose", async () => mailer.close());
    await app.ready();
    apps.push(app);
  }
  return {
    handles,
    apps,
    async close() {
      for (const app of apps) await app.close();
      for (const handle of handles) await handle.close();
    },
  };
}
