import { UTCDate } from "@date-fns/utc";

/**
 * Japan Standard Time, the console's one time zone (the envelope's tz, Asia/Tokyo): UTC+9 all year,
 * without daylight saving, so a fixed offset is exact and needs no time zone data (PGlite may lack
 * it). Every time an analyst reads is Japan time, whatever the zone of the browser or the server, as
 * the searches and the CSV files read them.
 */
export const JAPAN_OFFSET_MS = 9 * 3_600_000;

/** The instant as Japan's wall clock: its getters, and date-fns' format, read the time in Japan. */
export const inJapan = (at: Date | string | number): UTCDate =>
  new UTCDate(new Date(at).getTime() + JAPAN_OFFSET_MS);

/** yyyyMMddHHmmss in Japan time, for file names and event IDs. */
export const japanStamp = (at: Date): string =>
  new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().replace(/\D/g, "").slice(0, 14);
