import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const repo = path.dirname(fileURLToPath(import.meta.url));

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Text the browser loads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt)$/;

/**
 * Writes a brotli (name.br) and a gzip (name.gz) copy beside every built asset, at the highest levels:
 * compressing once here costs seconds, per request it would cost the event loop that serves the API.
 * The server sends them by Accept-Encoding (src/server/plugins/builtAssets.ts). A copy that is not
 * smaller than its file is left out, and the file goes as it is.
 */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options) {
      const assetsDir = path.join(options.dir ?? path.resolve(repo, "dist/client"), "assets");
      const names = (await readdir(assetsDir)).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(assetsDir, name);
          const body = await readFile(file);
          const copies = await Promise.all([
            brotliAsync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }).then((copy) => ({ suffix: ".br", copy })),
            gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }).then((copy) => ({
              suffix: ".gz",
              copy,
            })),
          ]);
          await Promise.all(
            copies
              .filter(({ copy }) => copy.length < body.length)
              .map(({ suffix, copy }) => writeFile(`${file}${suffix}`, copy)),
          );
        }),
      );
    },
  };
}

// The SPA lives in src/app (the top level is fixed) and is served by our own server under /v3/ from
// dist/client; `npm run dev` proxies the API to it.
export default defineConfig({
  root: path.resolve(repo, "src/app"),
  base: "/v3/",
  plugins: [react(), precompressAssets()],
  build: {
    outDir: path.resolve(repo, "dist/client"),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
