import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig } from "./config.ts";
import { tuneGarbageCollection } from "./gcTuning.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./seed/demoSeed.ts";
import { startServer } from "./server.ts";

/** The server's entry: configuration, start, the console address, and a clean stop on a signal. */
export async function main(): Promise<void> {
  tuneGarbageCollection();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  const lines = [`Console: ${server.url}/v3/`];
  if (server.demo) {
    lines.push(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS)
      lines.push(`  ${login.companyId.padEnd(6)} ${login.email.padEnd(24)} ${login.role}`);
  }
  console.log(lines.join("\n"));

  const stop = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("Shutdown failed:", error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntry) {
  main().catch((error: unknown) => {
    console.error("The server could not start:", error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
