import { describe, expect, it } from "vitest";
import { LIST_CATALOGUE } from "../../../machines/event/displayFormatDraft.ts";
import {
  DEFAULT_DISPLAY_FORMAT,
  displayFormatSchema,
  FIXED_ITEM_FIELDS,
  fixedItemSchema,
} from "../../../src/contract/eventDisplayFormat.ts";
import { EVENT_SECTIONS, PURCHASER_ONLY, SHIPPING_ONLY } from "../../../src/contract/eventFields.ts";
import { storedFormat } from "../../../src/server/services/eventDisplayFormatService.ts";

/** Fields a party never has: the other party's only (always blank if pinned). */
const NEVER_FILLED = [
  ...SHIPPING_ONLY.map((field) => `purchaser.${field}`),
  ...PURCHASER_ONLY.map((field) => `shipping.${field}`),
];

describe("fixed items of a party", () => {
  it("offers each party only the fields it can have", () => {
    expect(NEVER_FILLED).toEqual(["purchaser.deliveryCompany", "shipping.mediaCode"]);
    expect(FIXED_ITEM_FIELDS.purchaser).not.toContain("deliveryCompany");
    expect(FIXED_ITEM_FIELDS.purchaser).toContain("mediaCode");
    expect(FIXED_ITEM_FIELDS.shipping).not.toContain("mediaCode");
    expect(FIXED_ITEM_FIELDS.shipping).toContain("deliveryCompany");
    // Every other party field stays on offer for both.
    expect(FIXED_ITEM_FIELDS.purchaser.length + FIXED_ITEM_FIELDS.shipping.length).toBe(
      2 * EVENT_SECTIONS.party.length - NEVER_FILLED.length,
    );
    // The editor's catalogue (what the machine accepts) follows the same list.
    for (const entry of NEVER_FILLED) expect(LIST_CATALOGUE.fixedItems).not.toContain(entry);
    expect(LIST_CATALOGUE.fixedItems).toContain("shipping.deliveryCompany");
    expect(LIST_CATALOGUE.fixedItems).toContain("purchaser.mediaCode");
  });

  it("refuses a never-filled party field with a field message", () => {
    for (const entry of NEVER_FILLED) {
      expect(fixedItemSchema.safeParse(entry).success).toBe(false);
      const parsed = displayFormatSchema.safeParse({
        ...DEFAULT_DISPLAY_FORMAT,
        fixedItems: ["basic.amount", entry],
      });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["fixedItems.1", "validation.invalidType"],
      ]);
    }
    for (const entry of ["purchaser.mediaCode", "shipping.deliveryCompany", "purchaser.tel"])
      expect(fixedItemSchema.safeParse(entry).success).toBe(true);
  });

  it("reads a layout stored with one as the default's fixed items, keeping the other parts", () => {
    const stored = {
      ...DEFAULT_DISPLAY_FORMAT,
      categories: ["basic"],
      fixedItems: ["shipping.mediaCode", "basic.amount"],
    };
    expect(storedFormat(stored)).toEqual({
      ...DEFAULT_DISPLAY_FORMAT,
      categories: ["basic"],
      fixedItems: DEFAULT_DISPLAY_FORMAT.fixedItems,
    });
  });
});
