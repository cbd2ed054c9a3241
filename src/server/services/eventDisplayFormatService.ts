import type { Kysely } from "kysely";
import { ERROR } from "../../contract/errors.ts";
import {
  DEFAULT_DISPLAY_FORMAT,
  type DisplayFormat,
  type DisplayMode,
  displayFormatSchema,
  sameDisplayFormat,
  withModePart,
} from "../../contract/eventDisplayFormat.ts";
import type { Database } from "../db/schema.ts";
import { ApiError } from "../plugins/envelope.ts";
import type { ServiceDeps } from "./deps.ts";

export interface DisplayFormatAnswer {
  format: DisplayFormat;
  /** True when the operator has no layout of their own (no row): the default is in use. */
  isDefault: boolean;
}

/** Whose layout: always the signed-in operator's, in the session's company. */
export interface FormatOwner {
  companyId: string;
  operatorId: number;
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
  save(owner: FormatOwner, format: DisplayFormat): Promise<DisplayFormatAnswer>;
  reset(owner: FormatOwner, mode: DisplayMode): Promise<DisplayFormatAnswer>;
}

/**
 * The event detail layout per operator (spec section 2, /EventItemDisplayFormatEdit). A layout equal
 * to the default is never stored: saving or resetting back to it deletes the row, so isDefault is
 * exactly "no row".
 */
export function createEventDisplayFormatService(
  deps: Pick<ServiceDeps, "db" | "now">,
): EventDisplayFormatService {
  const { db, now } = deps;

  const read = async (database: Kysely<Database>, owner: FormatOwner): Promise<DisplayFormatAnswer> => {
    const row = await database
      .selectFrom("event_display_formats")
      .select("format")
      .where("company_id", "=", owner.companyId)
      .where("operator_id", "=", owner.operatorId)
      .executeTakeFirst();
    return row
      ? { format: storedFormat(row.format), isDefault: false }
      : { format: DEFAULT_DISPLAY_FORMAT, isDefault: true };
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
      return { format: DEFAULT_DISPLAY_FORMAT, isDefault: true };
    }
    // Checked again on the way in, whoever the caller: only what today's schema accepts is stored.
    const checked = displayFormatSchema.parse(format);
    await database
      .insertInto("event_display_formats")
      .values({
        company_id: owner.companyId,
        operator_id: owner.operatorId,
        format: JSON.stringify(checked),
        updated_at: now(),
      })
      .onConflict((conflict) =>
        conflict.columns(["company_id", "operator_id"]).doUpdateSet((update) => ({
          format: update.ref("excluded.format"),
          updated_at: update.ref("excluded.updated_at"),
        })),
      )
      .execute();
    return { format: checked, isDefault: false };
  };

  return {
    get: (owner) => read(db, owner),

    async save(owner, format) {
      // A detail with no section at all would show nothing but its heading: at least one is required.
      if (format.categories.length === 0) {
        throw new ApiError(ERROR.noItemSelected, [{ field: "telegram.format.categories" }]);
      }
      return store(db, owner, format);
    },

    reset(owner, mode) {
      // Read and write in one transaction, so a concurrent save of another part is not undone.
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom("operators")
          .select("id")
          .where("company_id", "=", owner.companyId)
          .where("id", "=", owner.operatorId)
          .forUpdate()
          .execute();
        const current = await read(trx, owner);
        return store(trx, owner, withModePart(current.format, mode, DEFAULT_DISPLAY_FORMAT));
      });
    },
  };
}
