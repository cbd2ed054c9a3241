import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const repo = path.dirname(fileURLToPath(import.meta.url));

// The SPA lives in src/app (the top level is fixed) and is served by our own server under /v3/ from
// dist/client; `npm run dev` proxies the API to it.
export default defineConfig({
  root: path.resolve(repo, "src/app"),
  base: "/v3/",
  plugins: [react()],
  build: {
    outDir: path.resolve(repo, "dist/client"),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
