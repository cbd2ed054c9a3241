import { z } from "zod";
import { DATE_RANGE } from "../../../contract/validation.ts";

/**
 * The keyset cursor of the event list: the last row's position in list order (created_at to the
 * microsecond, as PostgreSQL keeps it, and event ID), so later pages never offset. Opaque to the
 * client (base64url JSON); anything that does not decode to this shape is refused as invalid input.
 */
export interface EventCursor {
  /** created_at in UTC, ISO 8601 with microseconds ("2026-11-22T04:18:57.846123Z"). */
  createdAt: string;
  eventId: string;
}

const cursorSchema = z
  .object({
    c: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    e: z.string().min(1).max(47),
  })
  .strict();

export function encodeCursor(cursor: EventCursor): string {
  const json = JSON.stringify({ c: cursor.createdAt, e: cursor.eventId });
  return Buffer.from(json, "utf8").toString("base64url");
}

/** The cursor, or undefined when the text is not one this server wrote. */
export function decodeCursor(text: string): EventCursor | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success || !isStorableInstant(parsed.data.c)) return undefined;
  return { createdAt: parsed.data.c, eventId: parsed.data.e };
}

/**
 * A time PostgreSQL takes as it is: Date.parse rolls 2026-02-30 over to March and takes 24:00 and
 * the year 0000, which PostgreSQL refuses inside the query (a 500), so the text must read back the
 * same and lie within the dates a request may carry.
 */
function isStorableInstant(text: string): boolean {
  const at = Date.parse(text);
  if (Number.isNaN(at)) return false;
  const iso = new Date(at).toISOString();
  return (
    iso.slice(0, 23) === text.slice(0, 23) && iso >= DATE_RANGE.min && iso.slice(0, 10) <= DATE_RANGE.max
  );
}
