import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { preferredCompression, varyOnAcceptEncoding } from "./acceptEncoding.ts";

/** Below this an answer goes as it is: a few hundred bytes save nothing worth the compressor's time. */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality 4 and gzip level 6: close to the best ratio on JSON at a fraction of the time of the
 * highest levels (docs/operations.md, "Compression", has the measured cost). zlib runs on libuv's
 * thread pool, off the event loop.
 */
const compress = (body: Buffer, compression: "br" | "gzip"): Promise<Buffer> =>
  compression === "br"
    ? brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });

/**
 * Compresses JSON answers above the threshold by Accept-Encoding (br, then gzip). Only a body already
 * whole (a string or a buffer) is touched: a stream (a CSV download) goes on streaming as it is, and
 * other types (HTML, assets, CSV) are left to their own routes. Headers the route set (Server-Timing)
 * stay; the length is the compressed one.
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader("content-type") ?? "").startsWith("application/json")) return payload;
    if (reply.hasHeader("content-encoding")) return payload;
    const body = typeof payload === "string" ? Buffer.from(payload, "utf8") : payload;
    if (body.length < JSON_COMPRESSION_THRESHOLD_BYTES) return payload;
    varyOnAcceptEncoding(reply);
    const compression = preferredCompression(request.headers["accept-encoding"]);
    if (!compression) return payload;
    const compressed = await compress(body, compression);
    reply.header("Content-Encoding", compression);
    reply.removeHeader("content-length");
    return compressed;
  });
}
