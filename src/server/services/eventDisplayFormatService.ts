import { type Kysely, sql } from "kysely";
import { ERROR } from "../../contract/errors.ts";
import {
  DEFAULT_DISPLAY_FORMAT,
  type DisplayFormat,
  type DisplayMode,
  displayFormatSchema,
  sameDisplayFormat,
  withModePart,
} from "../../contract/eventDisplayFormat.ts";
import { ApiError } from "../apiError.ts";
import { operatorActor } from "../audit/operatorActor.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import type { Database } from "../db/schema.ts";
import type { ServiceDeps } from "./deps.ts";

export interface DisplayFormatAnswer {
  format: DisplayFormat;
  /** True when the operator has no layout of their own (no row): the default is in use. */
  isDefault: boolean;
  /** What save and reset present again; 0 without a row (DEFAULT_VERSION). */
  version: number;
}

/** The version of "no layout of their own": the default, whatever was stored and deleted before. */
const DEFAULT_VERSION = 0;
const DEFAULT_ANSWER: DisplayFormatAnswer = {
  format: DEFAULT_DISPLAY_FORMAT,
  isDefault: true,
  version: DEFAULT_VERSION,
};

/** Whose layout: always the signed-in operator's, in the session's company. */
export interface FormatOwner {
  companyId: string;
  operatorId: number;
}

/** The owner changing their layout, and where the call came from (the audit log). */
export interface FormatEditor extends FormatOwner {
  sourceIp: string;
}

const PART_SCHEMAS = displayFormatSchema.shape;
const OTHER_ITEM_SCHEMAS = PART_SCHEMAS.otherItems.shape;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A stored layout read back through today's schema, part by part: a part that is missing (saved before
 * it existed) or no longer parses (a field since removed from the catalogue) takes the default's, so
 * one stale part never costs the operator the rest of their layout.
 */
export function storedFormat(stored: unknown): DisplayFormat {
  const source = isRecord(stored) ? stored : {};
  const part = <K extends keyof DisplayFormat>(key: K): unknown => {
    const parsed = PART_SCHEMAS[key].safeParse(source[key]);
    return parsed.success ? parsed.data : DEFAULT_DISPLAY_FORMAT[key];
  };
  const storedOther = isRecord(source.otherItems) ? source.otherItems : {};
  const otherItems = Object.fromEntries(
    (Object.keys(OTHER_ITEM_SCHEMAS) as (keyof DisplayFormat["otherItems"])[]).map((key) => {
      const parsed = OTHER_ITEM_SCHEMAS[key].safeParse(storedOther[key]);
      return [key, parsed.success ? parsed.data : DEFAULT_DISPLAY_FORMAT.otherItems[key]];
    }),
  );
  const categories = part("categories");
  const merged = displayFormatSchema.safeParse({
    eventProperties: part("eventProperties"),
    // No section at all is never saved (902); read back, it shows the default sections.
    categories:
      Array.isArray(categories) && categories.length > 0 ? categories : DEFAULT_DISPLAY_FORMAT.categories,
    fixedItems: part("fixedItems"),
    otherItems,
  });
  // Parts that parse one by one always parse together; the fallback guards a future cross-part rule.
  return merged.success ? merged.data : DEFAULT_DISPLAY_FORMAT;
}

export interface EventDisplayFormatService {
  get(owner: FormatOwner): Promise<DisplayFormatAnswer>;
  save(owner: FormatEditor, format: DisplayFormat, version: number): Promise<DisplayFormatAnswer>;
  reset(owner: FormatEditor, mode: DisplayMode, version: number): Promise<DisplayFormatAnswer>;
}

/**
 * The event detail layout per operator (spec section 2, /EventItemDisplayFormatEdit). A layout equal
 * to the default is never stored: saving or resetting back to it deletes the row, so isDefault is
 * exactly "no row". Save and reset present the version they started from and run alike, in one
 * transaction behind the operator row's lock: a version other than the stored one (another tab or
 * session stored since) answers 015 and changes nothing. Every store takes a new version from one
 * sequence; no row is version 0, which always means the default itself, so a tab holding 0 overwrites
 * nothing it has not seen.
 */
export function createEventDisplayFormatService(
  deps: Pick<ServiceDeps, "db" | "now">,
): EventDisplayFormatService {
  const { db, now } = deps;

  const read = async (database: Kysely<Database>, owner: FormatOwner): Promise<DisplayFormatAnswer> => {
    const row = await database
      .selectFrom("event_display_formats")
      .select(["format", "version"])
      .where("company_id", "=", owner.companyId)
      .where("operator_id", "=", owner.operatorId)
      .executeTakeFirst();
    return row
      ? { format: storedFormat(row.format), isDefault: false, version: row.version }
      : DEFAULT_ANSWER;
  };

  const store = async (
    database: Kysely<Database>,
    owner: FormatOwner,
    format: DisplayFormat,
  ): Promise<DisplayFormatAnswer> => {
    if (sameDisplayFormat(format, DEFAULT_DISPLAY_FORMAT)) {
      await database
        .deleteFrom("event_display_formats")
        .where("company_id", "=", owner.companyId)
        .where("operator_id", "=", owner.operatorId)
        .execute();
      return DEFAULT_ANSWER;
    }
    // Checked again on the way in, whoever the caller: only what today's schema accepts is stored.
    const checked = displayFormatSchema.parse(format);
    const stored = await database
      .insertInto("event_display_formats")
      .values({
        company_id: owner.companyId,
        operator_id: owner.operatorId,
        format: JSON.stringify(checked),
        updated_at: now(),
        version: sql<number>`nextval('event_display_format_versions')`,
      })
      .onConflict((conflict) =>
        conflict.columns(["company_id", "operator_id"]).doUpdateSet((update) => ({
          format: update.ref("excluded.format"),
          updated_at: update.ref("excluded.updated_at"),
          version: update.ref("excluded.version"),
        })),
      )
      .returning("version")
      .executeTakeFirstOrThrow();
    return { format: checked, isDefault: false, version: stored.version };
  };

  /**
   * Save and reset alike: the operator row locked (so the two wait for each other, on PostgreSQL as
   * on PGlite), the stored version compared with the one presented, then the new layout made from
   * the current one and stored, all in one transaction.
   */
  const change = (
    owner: FormatEditor,
    version: number,
    next: (current: DisplayFormat) => DisplayFormat,
  ): Promise<DisplayFormatAnswer> =>
    db.transaction().execute(async (trx) => {
      await trx
        .selectFrom("operators")
        .select("id")
        .where("company_id", "=", owner.companyId)
        .where("id", "=", owner.operatorId)
        .forUpdate()
        .execute();
      const current = await read(trx, owner);
      if (current.version !== version) throw new ApiError(ERROR.conflict);
      const stored = await store(trx, owner, next(current.format));
      const actor = await operatorActor(trx, owner);
      const target = `displayFormat:${owner.operatorId}`;
      await recordAudit(trx, { ...actor, at: now(), action: "displayFormat", target, after: stored.format });
      return stored;
    });

  return {
    get: (owner) => read(db, owner),

    async save(owner, format, version) {
      // A detail with no section at all would show nothing but its heading: at least one is required.
      if (format.categories.length === 0) {
        throw new ApiError(ERROR.noItemSelected, [{ field: "telegram.format.categories" }]);
      }
      return change(owner, version, () => format);
    },

    // Only the mode's part is put back; the rest stays as stored (checked by the same version).
    reset: (owner, mode, version) =>
      change(owner, version, (current) => withModePart(current, mode, DEFAULT_DISPLAY_FORMAT)),
  };
}
