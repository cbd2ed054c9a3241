import { z } from "zod";
import { defineCall } from "./call.ts";
import {
  type BasicField,
  type CardField,
  DETAIL_CATEGORIES,
  type DeviceField,
  EVENT_SECTIONS,
  fieldsOfParty,
  type ItemField,
  type PartyField,
} from "./eventFields.ts";
import { INTEGER_MAX } from "./validation.ts";

/**
 * Event detail display customisation (spec section 2, /EventItemDisplayFormatEdit), per operator:
 * mode 0 event property (which basic fields, in which order), 1 item category (which sections, in
 * which order), 2 fixed items (up to FIXED_ITEM_LIMIT fields pinned at the top of the detail),
 * 3 other (which fields of the purchaser, shipping, order item, device and card sections).
 */
export const DISPLAY_MODES = ["0", "1", "2", "3"] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];
export const FIXED_ITEM_LIMIT = 8;

/** Fixed items name a section and one of its fields, e.g. "purchaser.tel". */
export const FIXED_ITEM_SECTIONS = ["basic", "purchaser", "shipping", "device", "card"] as const;
export type FixedItemSection = (typeof FIXED_ITEM_SECTIONS)[number];

/**
 * The fields each section can pin. A party pins only the fields it can have (fieldsOfParty):
 * "Purchaser: Delivery company" would be blank for every event.
 */
export const FIXED_ITEM_FIELDS: Record<FixedItemSection, readonly string[]> = {
  basic: EVENT_SECTIONS.basic,
  purchaser: fieldsOfParty("purchaser"),
  shipping: fieldsOfParty("shipping"),
  device: EVENT_SECTIONS.device,
  card: EVENT_SECTIONS.card,
};

const isFixedItemSection = (section: string): section is FixedItemSection =>
  (FIXED_ITEM_SECTIONS as readonly string[]).includes(section);

export const fixedItemSchema = z.string().refine((value) => {
  const parts = value.split(".");
  if (parts.length !== 2) return false;
  const [section = "", field = ""] = parts;
  return isFixedItemSection(section) && FIXED_ITEM_FIELDS[section].includes(field);
}, "validation.invalidType");

const unique = <T extends z.ZodType>(item: T) =>
  z.array(item).refine((list) => new Set(list).size === list.length, { message: "validation.alreadyAdded" });

export const displayFormatSchema = z
  .object({
    eventProperties: unique(z.enum(EVENT_SECTIONS.basic, "validation.invalidType")),
    categories: unique(z.enum(DETAIL_CATEGORIES, "validation.invalidType")),
    fixedItems: unique(fixedItemSchema).max(FIXED_ITEM_LIMIT, "validation.maxValues"),
    otherItems: z
      .object({
        party: unique(z.enum(EVENT_SECTIONS.party, "validation.invalidType")),
        item: unique(z.enum(EVENT_SECTIONS.item, "validation.invalidType")),
        device: unique(z.enum(EVENT_SECTIONS.device, "validation.invalidType")),
        card: unique(z.enum(EVENT_SECTIONS.card, "validation.invalidType")),
      })
      .strict(),
  })
  .strict();
export type DisplayFormat = z.infer<typeof displayFormatSchema>;

/**
 * The layout every operator starts with: everything shown, the fired rules first (why the event was
 * flagged is what an analyst reads first), then the other sections in catalogue order; a few fixed
 * items. Both of the purchaser's phones: many shoppers give a mobile number only (7 in 10 of the
 * demo data's purchasers), and a landline-only item would be blank for them.
 */
export const DEFAULT_DISPLAY_FORMAT: DisplayFormat = {
  eventProperties: [...EVENT_SECTIONS.basic] as BasicField[],
  categories: ["firedRules", ...DETAIL_CATEGORIES.filter((category) => category !== "firedRules")],
  fixedItems: [
    "basic.aaresult",
    "basic.maresult",
    "basic.amount",
    "purchaser.tel",
    "purchaser.mobileTel",
    "device.ipaddress",
  ],
  otherItems: {
    party: [...EVENT_SECTIONS.party] as PartyField[],
    item: [...EVENT_SECTIONS.item] as ItemField[],
    device: [...EVENT_SECTIONS.device] as DeviceField[],
    card: [...EVENT_SECTIONS.card] as CardField[],
  },
};

/**
 * The layout's version, answered by get, save and reset and presented again by save and reset: a
 * stale one (another tab or session saved or reset since) answers 015 (ERROR.conflict), so nothing is
 * overwritten unseen. 0 while the operator has no layout of their own (the default is in use).
 */
export const displayFormatVersionSchema = z.number().int().min(0).max(INTEGER_MAX);

const storedFormatAnswer = z.object({
  format: displayFormatSchema,
  isDefault: z.boolean(),
  version: displayFormatVersionSchema,
});

export const eventDisplayFormatGet = defineCall({
  name: "eventDisplayFormatGet",
  method: "POST",
  path: "/api/v3/screen/event/displayFormat",
  access: { kind: "read", screenId: "EventDetail" },
  request: z.object({}).strict().optional(),
  response: storedFormatAnswer,
});

export const eventDisplayFormatSave = defineCall({
  name: "eventDisplayFormatSave",
  method: "POST",
  path: "/api/v3/screen/event/displayFormat/save",
  access: { kind: "write", screenId: "EventItemDisplayFormatEdit" },
  request: z.object({ format: displayFormatSchema, version: displayFormatVersionSchema }).strict(),
  response: storedFormatAnswer,
});

/** Resets one mode's part of the layout to DEFAULT_DISPLAY_FORMAT. */
export const eventDisplayFormatReset = defineCall({
  name: "eventDisplayFormatReset",
  method: "POST",
  path: "/api/v3/screen/event/displayFormat/reset",
  access: { kind: "write", screenId: "EventItemDisplayFormatEdit" },
  request: z.object({ mode: z.enum(DISPLAY_MODES), version: displayFormatVersionSchema }).strict(),
  response: storedFormatAnswer,
});

/** The part of the layout each mode edits (and that eventDisplayFormatReset puts back to the default). */
export const DISPLAY_MODE_PART = {
  "0": "eventProperties",
  "1": "categories",
  "2": "fixedItems",
  "3": "otherItems",
} as const satisfies Record<DisplayMode, keyof DisplayFormat>;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** Same fields in the same order in every part (what "unchanged" and "the default" mean). */
export function sameDisplayFormat(a: DisplayFormat, b: DisplayFormat): boolean {
  return (
    sameList(a.eventProperties, b.eventProperties) &&
    sameList(a.categories, b.categories) &&
    sameList(a.fixedItems, b.fixedItems) &&
    (Object.keys(a.otherItems) as (keyof DisplayFormat["otherItems"])[]).every((key) =>
      sameList(a.otherItems[key], b.otherItems[key]),
    )
  );
}

/** The layout with one mode's part taken from `source` (a reset takes it from the default). */
export function withModePart(format: DisplayFormat, mode: DisplayMode, source: DisplayFormat): DisplayFormat {
  const key = DISPLAY_MODE_PART[mode];
  return { ...format, [key]: source[key] };
}
