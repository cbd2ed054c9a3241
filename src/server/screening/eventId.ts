import { randomBytes } from "node:crypto";
import { japanStamp } from "../../contract/japanTime.ts";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** "E" + yyyyMMddHHmmss (Japan time) + 6 random base32 characters, e.g. E20260122093015K7QX2M. */
export function newEventId(at: Date): string {
  const stamp = japanStamp(at);
  const bytes = randomBytes(6);
  let suffix = "";
  for (const byte of bytes) suffix += BASE32[byte & 31];
  return `E${stamp}${suffix}`;
}
