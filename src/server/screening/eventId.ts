import { randomBytes } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const JST_OFFSET_MS = 9 * 3_600_000;

/** "E" + yyyyMMddHHmmss (Japan time) + 6 random base32 characters, e.g. E20260122093015K7QX2M. */
export function newEventId(at: Date): string {
  const stamp = new Date(at.getTime() + JST_OFFSET_MS).toISOString().replace(/\D/g, "").slice(0, 14);
  const bytes = randomBytes(6);
  let suffix = "";
  for (const byte of bytes) suffix += BASE32[byte & 31];
  return `E${stamp}${suffix}`;
}
