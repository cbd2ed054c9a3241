import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The Vite build (base /v3/) is served from here when it exists; the API works without it. */
export async function installSpa(app: FastifyInstance, clientDir: string): Promise<SpaFallback> {
  const built = existsSync(path.join(clientDir, "index.html"));
  app.get("/", (_request, reply) => reply.redirect("/v3/login"));
  app.get("/v3", (_request, reply) => reply.redirect("/v3/"));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/v3/",
      index: ["index.html"],
      // Hashed assets never change; index.html must be re-read to pick up a new build.
      setHeaders: (res, filePath) => {
        res.header(
          "Cache-Control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }
  return (request, reply) => {
    const isRoute = (request.method === "GET" || request.method === "HEAD") && request.url.startsWith("/v3/");
    if (!isRoute) return false;
    if (!built) {
      reply.code(404).type("text/plain; charset=utf-8").send("The console is not built: run `npm start`.");
      return true;
    }
    // History routing: any /v3/<route> that is not a file is the SPA's to resolve.
    reply.header("Cache-Control", "no-cache").sendFile("index.html");
    return true;
  };
}

/** Answers a not-found request when it is an SPA route; false when it is not. */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;
