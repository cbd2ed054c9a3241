import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The SPA is served by our own server under /v3/; `npm run dev` proxies the API to it.
export default defineConfig({
  base: "/v3/",
  plugins: [react()],
  build: { outDir: "dist/client", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { "/api": "http://127.0.0.1:8080" } },
});
