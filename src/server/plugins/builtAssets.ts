import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  COMPRESSIONS,
  type Compression,
  preferredCompression,
  varyOnAcceptEncoding,
} from "./acceptEncoding.ts";

/** One file's bodies: as it is, and the compressed copies there are (none when they would not be smaller). */
export interface EncodedBodies {
  identity: Buffer;
  br?: Buffer | undefined;
  gzip?: Buffer | undefined;
}

export interface BuiltAsset {
  contentType: string;
  bodies: EncodedBodies;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".woff2": "font/woff2",
};

/** Vite's hashed names in one flat folder; anything else (a slash, "..", a copy's suffix) is not an asset. */
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const COPY_SUFFIX = /\.(br|gz)$/;

const readIfPresent = (file: string): Promise<Buffer | undefined> =>
  readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });

/**
 * The built assets (dist/client/assets) with the brotli and gzip copies the build wrote beside them
 * (vite.config.ts), read from disk once per name and then sent from memory: one event loop serves the
 * API and the console, so an asset costs it no file system call and no compression. A hashed name never
 * changes its content, so an entry never goes stale; a later build's new names are read when first asked
 * for. Unknown names are not remembered (they read the disk again, and find nothing).
 */
export function createBuiltAssetReader(assetsDir: string): (name: string) => Promise<BuiltAsset | undefined> {
  const loaded = new Map<string, Promise<BuiltAsset | undefined>>();
  const load = async (name: string): Promise<BuiltAsset | undefined> => {
    const file = path.join(assetsDir, name);
    const [identity, br, gzip] = await Promise.all([
      readIfPresent(file),
      readIfPresent(`${file}.br`),
      readIfPresent(`${file}.gz`),
    ]);
    if (!identity) return undefined;
    const contentType = CONTENT_TYPES[path.extname(name)] ?? "application/octet-stream";
    return { contentType, bodies: { identity, br, gzip } };
  };
  return (name) => {
    if (!ASSET_NAME.test(name) || COPY_SUFFIX.test(name)) return Promise.resolve(undefined);
    const known = loaded.get(name);
    if (known) return known;
    const reading = load(name).then((asset) => {
      if (!asset) loaded.delete(name);
      return asset;
    });
    loaded.set(name, reading);
    reading.catch(() => loaded.delete(name));
    return reading;
  };
}

/** Brotli and gzip copies of a text made by the server itself (index.html, once its settings are in). */
export function encodeText(text: string): EncodedBodies {
  const identity = Buffer.from(text, "utf8");
  const br = brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(identity, { level: constants.Z_BEST_COMPRESSION });
  return {
    identity,
    br: br.length < identity.length ? br : undefined,
    gzip: gzip.length < identity.length ? gzip : undefined,
  };
}

/**
 * Sends the body the request's Accept-Encoding prefers (br, then gzip, then as it is) among those there
 * are, with Vary: Accept-Encoding.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  bodies: EncodedBodies,
): FastifyReply {
  varyOnAcceptEncoding(reply);
  const offered = COMPRESSIONS.filter((coding: Compression) => bodies[coding]);
  const compression = preferredCompression(request.headers["accept-encoding"], offered);
  const compressed = compression && bodies[compression];
  if (compression && compressed) return reply.header("Content-Encoding", compression).send(compressed);
  return reply.send(bodies.identity);
}
