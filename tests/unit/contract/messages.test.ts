import { describe, expect, it } from "vitest";
import { ERROR_MESSAGE_NO } from "../../../src/contract/errors.ts";
import en from "../../../src/contract/messages/en.json";
import ja from "../../../src/contract/messages/ja.json";
import {
  interpolate,
  isMessageNo,
  MESSAGE_CATALOGUE,
  type MessageKey,
  messageText,
} from "../../../src/contract/messages.ts";
import { rules } from "../../../src/contract/validation.ts";

type Table = Record<string, Record<string, string>>;
const tables: Record<"en" | "ja", Table> = { en, ja };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const entries = (table: Table) =>
  Object.entries(table).flatMap(([section, texts]) =>
    Object.entries(texts).map(([id, text]) => ({ section, id, text })),
  );

describe("the ja and en catalogues", () => {
  it("have the same sections", () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).sort()).toEqual(["error", "no", "validation"]);
  });

  it.each(Object.keys(en))("have exactly the same keys in section %s", (section) => {
    expect(Object.keys(tables.ja[section] ?? {}).sort()).toEqual(
      Object.keys(tables.en[section] ?? {}).sort(),
    );
  });

  it("have the same placeholders per key", () => {
    for (const { section, id, text } of entries(tables.en)) {
      expect(placeholders(tables.ja[section]?.[id] ?? ""), `${section}.${id}`).toEqual(placeholders(text));
    }
  });

  it("use single-brace placeholders only (no {{x}}, no positional {0} in the contract)", () => {
    for (const lang of ["en", "ja"] as const) {
      for (const { section, id, text } of entries(tables[lang])) {
        expect(text, `${lang} ${section}.${id}`).not.toMatch(/\{\{|\}\}/);
      }
    }
  });

  it("have a non-empty text for every key, and a Japanese text in ja", () => {
    for (const { section, id, text } of entries(tables.en)) {
      expect(text.trim(), `en ${section}.${id}`).not.toBe("");
    }
    for (const { section, id, text } of entries(tables.ja)) {
      expect(text, `ja ${section}.${id}`).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it("is what MESSAGE_CATALOGUE serves", () => {
    expect(MESSAGE_CATALOGUE.en).toBe(en);
    expect(MESSAGE_CATALOGUE.ja).toBe(ja);
  });
});

describe("numbered messages of spec section 8", () => {
  const SPEC_NUMBERS = [
    "903",
    "913",
    "910",
    "919",
    "921",
    "920",
    "902",
    "922",
    "914",
    "923",
    "932",
    "933",
    "934",
    "935",
    "936",
    "937",
    "967",
    "968",
    "962",
    "963",
    "964",
    "965",
    "991",
    "992",
    "993",
    "998",
    "999",
    "1000",
    "676",
    "688",
    "697",
    "015",
  ];

  it.each(SPEC_NUMBERS)("%s exists in both languages", (no) => {
    expect(isMessageNo(no)).toBe(true);
    expect(tables.en.no?.[no]).toBeTruthy();
    expect(tables.ja.no?.[no]).toBeTruthy();
    expect(messageText("en", `no.${no}` as MessageKey)).toBe(tables.en.no?.[no]);
    expect(messageText("ja", `no.${no}` as MessageKey)).toBe(tables.ja.no?.[no]);
  });

  it("keeps the leading zero of 015 (a string key, not a number)", () => {
    expect(isMessageNo("015")).toBe(true);
    expect(isMessageNo("15")).toBe(false);
  });

  it("does not invent numbers", () => {
    expect(isMessageNo("904")).toBe(false);
    expect(isMessageNo("")).toBe(false);
    expect(isMessageNo("toString")).toBe(false);
  });

  it("has the success notices 001-003", () => {
    for (const no of ["001", "002", "003"]) expect(isMessageNo(no)).toBe(true);
  });

  it("maps each error code to a numbered message that exists", () => {
    for (const [code, no] of Object.entries(ERROR_MESSAGE_NO)) {
      expect(no && isMessageNo(no), code).toBe(true);
    }
  });
});

describe("the spec's exact English texts", () => {
  it.each<[MessageKey, string]>([
    ["validation.password", "must use at least 3 types of characters"],
    ["validation.maxValueBigint", "must be less than or equal to {max}"],
    ["validation.ipAddressV4", "has an incorrect format"],
    ["validation.ipAddressV4Subnet", "The subnet must be between 0 and 32."],
    ["validation.uniqueIpAddress", "It is already added."],
    ["validation.dateTimeSelectionField", "The date and time are a set."],
    ["validation.customEmail", "not a valid email address."],
    ["validation.required", "This is a required field"],
    ["validation.csvRequired", "This is a required field"],
    ["validation.csvExtension", "Invalid file extension"],
    ["no.676", "No relevant data found"],
    ["no.902", "No item selected for update. Please select at least one."],
    ["no.922", "No item selected for update. Please select at least one."],
  ])("%s is %j", (key, text) => {
    const [section, id] = key.split(".") as [string, string];
    expect(tables.en[section]?.[id]).toBe(text);
  });

  it("interpolates {max} for maxValueBigint in both languages", () => {
    expect(messageText("en", "validation.maxValueBigint", { max: "9223372036854775807" })).toBe(
      "must be less than or equal to 9223372036854775807",
    );
    expect(messageText("ja", "validation.maxValueBigint", { max: 10 })).toBe("10以下で入力してください");
  });
});

describe("every rule with its own message has a text", () => {
  // flag (dateTimeEnd, emptyIf) and groupNameDuplicate carry a caller-supplied message.
  const CALLER_SUPPLIED = new Set(["flag", "groupNameDuplicate"]);
  it.each(Object.keys(rules).filter((r) => !CALLER_SUPPLIED.has(r)))("validation.%s", (rule) => {
    expect(tables.en.validation?.[rule]).toBeTruthy();
    expect(tables.ja.validation?.[rule]).toBeTruthy();
  });
});

describe("interpolate and messageText", () => {
  it("replaces known placeholders and keeps unknown ones", () => {
    expect(interpolate("{min} to {max} ({x})", { min: 1, max: 2 })).toBe("1 to 2 ({x})");
    expect(interpolate("no params")).toBe("no params");
  });

  it("answers an unknown key with the key itself", () => {
    expect(messageText("en", "no.0000" as MessageKey)).toBe("no.0000");
  });
});
