import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/connect.ts";
import { upkeepEmbeddedTables } from "./db/embeddedUpkeep.ts";
import { migrate } from "./db/migrate.ts";
import { createMailer } from "./mail/mailer.ts";
import { hasDemoData, isDatabaseEmpty, seedDemo } from "./seed/demoSeed.ts";
import { loadCredentialCipher } from "./services/credentialCipher.ts";

export interface RunningServer {
  /** http://HOST:PORT with the port actually bound (PORT=0 picks a free one). */
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Whether the demo tenants are present (embedded database only), so main can print their logins. */
  demo: boolean;
  close(): Promise<void>;
}

export interface StartOptions {
  logStream?: NodeJS.WritableStream;
  clientDir?: string;
}

/**
 * Opens the database, applies pending migrations, seeds the demo tenants into an empty embedded
 * database (never into PostgreSQL), and listens.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.db);
    const credentials = await loadCredentialCipher(config);
    if (database.kind === "pglite" && (await isDatabaseEmpty(database.db))) {
      await seedDemo(database.db, credentials, new Date(), { progress: (line) => console.log(line) });
      // Statistics for the demo's tables before listening: the first search must not race the first sweep.
      await upkeepEmbeddedTables(database.db);
    }
    const demo = database.kind === "pglite" && (await hasDemoData(database.db));
    // The app reads its config on each request, so a PUBLIC_URL derived from PORT=0 can be corrected
    // to the real port once it is known.
    const appConfig = { ...config };
    app = await buildApp({
      config: appConfig,
      db: database.db,
      copy: database.copy,
      mailer,
      credentials,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    });
    // PGlite has no autovacuum: the job worker's sweeps do its work (db/embeddedUpkeep.ts), the
    // first right after the start.
    if (database.kind === "pglite") {
      const { db } = database;
      const { log } = app;
      app.jobs.addSweeper("embedded database upkeep", async () => {
        const done = await upkeepEmbeddedTables(db);
        if (done.length > 0) log.info({ done }, "embedded database upkeep");
      });
    }
    await app.listen({ port: config.port, host: config.host });
    app.jobs.start();
    const { port } = app.server.address() as AddressInfo;
    const host = config.host.includes(":") ? `[${config.host}]` : config.host;
    if (config.port === 0 && config.publicUrl === `http://${config.host}:0`) {
      appConfig.publicUrl = `http://${host}:${port}`;
    }
    const running = app;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${host}:${port}`,
      app: running,
      database,
      demo,
      close() {
        closing ??= (async () => {
          await running.close();
          mailer.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await app?.close();
    mailer.close();
    await database.close();
    throw error;
  }
}
