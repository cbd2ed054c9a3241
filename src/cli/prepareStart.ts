import { PACKAGE_ROOT } from "../server/packageRoot.ts";
import { buildClient, CLIENT_INDEX, CLIENT_SOURCES } from "./clientBuild.ts";
import { buildServerBundle, SERVER_BUNDLE, SERVER_SOURCES } from "./serverBundle.ts";
import { isStale } from "./staleness.ts";

/**
 * The first half of `npm start` (the second runs `node dist/server/main.js`): builds the SPA into
 * dist/client and the server bundle into dist/server, each only when it is missing or older than its
 * sources. The builds run in this process through Vite's API, so no other tool is needed.
 */
async function prepare(): Promise<void> {
  if (await isStale(PACKAGE_ROOT, CLIENT_INDEX, CLIENT_SOURCES)) {
    console.log("Building the console (dist/client)...");
    await buildClient(PACKAGE_ROOT);
  }
  if (await isStale(PACKAGE_ROOT, SERVER_BUNDLE, SERVER_SOURCES)) {
    console.log("Building the server (dist/server)...");
    await buildServerBundle(PACKAGE_ROOT);
  }
}

prepare().catch((error: unknown) => {
  console.error("The console could not be built:", error instanceof Error ? error.message : error);
  process.exit(1);
});
