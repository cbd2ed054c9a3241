import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PAGE_META } from "../../contract/pageMeta.ts";
import { createBuiltAssetReader, type EncodedBodies, encodeText, sendEncoded } from "./builtAssets.ts";

/**
 * What the served index.html tells the SPA before anyone logs in, as `<meta>` tags: the environment
 * (header colour and test marker, spec section 1) and the FAQ address (the link is left out without it).
 */
export interface SpaSettings {
  environment: string;
  faqUrl: string | undefined;
}

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html with the settings' meta tags at the end of its head (or first, when it has no head). */
export function injectSettings(html: string, settings: SpaSettings): string {
  const metas = [
    `<meta name="${PAGE_META.environment}" content="${escapeHtml(settings.environment)}" />`,
    ...(settings.faqUrl
      ? [`<meta name="${PAGE_META.faqUrl}" content="${escapeHtml(settings.faqUrl)}" />`]
      : []),
  ].join("\n    ");
  const headEnd = html.search(/<\/head>/i);
  if (headEnd >= 0) return `${html.slice(0, headEnd)}  ${metas}\n  ${html.slice(headEnd)}`;
  const doctype = html.match(/^\s*<!doctype[^>]*>/i)?.[0] ?? "";
  return `${doctype}${metas}${html.slice(doctype.length)}`;
}

/** Where the hashed assets are, and how long a browser may keep them: their names change with them. */
const ASSETS_PREFIX = "/v3/assets/";
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The Vite build (base /v3/) is served from here when it exists; the API works without it. index.html
 * is never sent as the file on disk: it goes out with the settings injected, read (and compressed) once
 * per process and again only when a new build replaces the file. The hashed assets go from memory,
 * compressed by the build (builtAssets.ts); the few other files (the favicon) from disk.
 */
export async function installSpa(
  app: FastifyInstance,
  clientDir: string,
  settings: SpaSettings,
): Promise<SpaFallback> {
  const indexFile = path.join(clientDir, "index.html");
  const built = existsSync(indexFile);
  app.get("/", (_request, reply) => reply.redirect("/v3/login"));
  app.get("/v3", (_request, reply) => reply.redirect("/v3/"));
  let cached: { mtimeMs: number; bodies: EncodedBodies } | null = null;
  const indexHtml = (): EncodedBodies => {
    const { mtimeMs } = statSync(indexFile);
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, bodies: encodeText(injectSettings(readFileSync(indexFile, "utf8"), settings)) };
    return cached.bodies;
  };
  // History routing: any /v3/<route> that is not a file is the SPA's to resolve; browsers must re-read
  // index.html to pick up a new build.
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    sendEncoded(
      request,
      reply.code(200).header("Cache-Control", "no-cache").type("text/html; charset=utf-8"),
      indexHtml(),
    );
  if (built) {
    app.get("/v3/", (request, reply) => sendIndex(request, reply));
    const builtAsset = createBuiltAssetReader(path.join(clientDir, "assets"));
    app.get<{ Params: { "*": string } }>(`${ASSETS_PREFIX}*`, async (request, reply) => {
      const asset = await builtAsset(request.params["*"]);
      // As before: a name that is no asset is the not-found handler's (the SPA fallback's) to answer.
      if (!asset) return reply.callNotFound();
      return sendEncoded(
        request,
        reply.header("Cache-Control", IMMUTABLE).type(asset.contentType),
        asset.bodies,
      );
    });
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: "/v3/",
      // "/v3/" is the route above; "/v3/index.html" falls through to the fallback, which injects the
      // settings; the assets are the route above.
      index: false,
      allowedPath: (pathName) => pathName !== "/index.html",
      setHeaders: (res) => {
        res.header("Cache-Control", "no-cache");
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
    sendIndex(request, reply);
    return true;
  };
}

/** Answers a not-found request when it is an SPA route; false when it is not. */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;
