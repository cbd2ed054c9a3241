import path from "node:path";
import { PACKAGE_ROOT } from "../server/packageRoot.ts";

/**
 * The server as one ES module, dist/server/main.js, run by plain Node (`npm start`). From its
 * sources the server needs tsx's loader, which resolves and compiles each of ~600 modules through
 * a worker thread (Kysely and Zod alone are ~360): about 1 s of every start. The bundle holds our
 * code with Kysely and Zod; the other packages load from node_modules as usual, and the migrations
 * and dist/client are read from the package root (packageRoot.ts).
 */
export const SERVER_BUNDLE = "dist/server/main.js";

/** What the bundle is built from: a change to any of these makes it stale. */
export const SERVER_SOURCES = ["src/server", "src/contract", "package-lock.json"] as const;

/** Packages compiled into the bundle: the many-module ones (the rest stay external). */
const BUNDLED_PACKAGES = ["kysely", "zod", "fastify-type-provider-zod"];

export async function buildServerBundle(root: string = PACKAGE_ROOT): Promise<void> {
  // Loaded only for a build: Vite is not needed to run the server.
  const { build } = await import("vite");
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    build: {
      ssr: path.join(root, "src/server/main.ts"),
      outDir: path.join(root, path.dirname(SERVER_BUNDLE)),
      emptyOutDir: true,
      target: "node20",
      minify: false,
      rollupOptions: { output: { format: "es", entryFileNames: path.basename(SERVER_BUNDLE) } },
    },
    ssr: { target: "node", noExternal: BUNDLED_PACKAGES },
  });
}
