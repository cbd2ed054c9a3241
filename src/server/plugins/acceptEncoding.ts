import type { FastifyReply } from "fastify";

/** The compressions the server sends, best first: brotli is smaller than gzip for the same text. */
export type Compression = "br" | "gzip";
export const COMPRESSIONS: readonly Compression[] = ["br", "gzip"];

/**
 * The best of the offered compressions an Accept-Encoding header allows (RFC 9110 12.5.3), or undefined
 * for the body as it is. A coding is allowed when listed (or covered by "*") with a q-value above 0; an
 * absent header allows none, so a client that said nothing never gets a compressed body.
 */
export function preferredCompression(
  header: string | undefined,
  offered: readonly Compression[] = COMPRESSIONS,
): Compression | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  return offered.find((coding) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0);
}

/** Adds Accept-Encoding to the reply's Vary: a shared cache must keep one copy per encoding. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader("vary") ?? "");
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    reply.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}
