import path from "node:path";

/** The SPA's build (Vite, base /v3/), served by the server from dist/client. */
export const CLIENT_INDEX = "dist/client/index.html";

/** What the SPA is built from: a change to any of these makes dist/client stale. */
export const CLIENT_SOURCES = [
  "index.html",
  "src/app",
  "src/client",
  "src/contract",
  "machines",
  "vite.config.ts",
  "package-lock.json",
] as const;

export async function buildClient(root: string): Promise<void> {
  // Loaded only for a build: Vite is not needed to run the console.
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
}
