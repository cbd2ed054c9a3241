import { describe, expect, it } from "vitest";
import { summaryText } from "../../../src/app/features/admin/auditLog/summaryText.ts";
import auditLogEn from "../../../src/app/i18n/locales/en/auditLog.json";
import auditLogJa from "../../../src/app/i18n/locales/ja/auditLog.json";
import { AUDIT_ACTIONS, AUDIT_CSV_TEXTS } from "../../../src/contract/auditLog.ts";

describe("audit log texts", () => {
  it("reads the CSV's header and action names on screen, in each language", () => {
    for (const [lang, texts] of [
      ["en", auditLogEn],
      ["ja", auditLogJa],
    ] as const) {
      expect(texts.columns, lang).toEqual(AUDIT_CSV_TEXTS[lang].columns);
      expect(texts.actions, lang).toEqual(AUDIT_CSV_TEXTS[lang].actions);
      expect(Object.keys(texts.actions).sort(), lang).toEqual([...AUDIT_ACTIONS].sort());
    }
  });

  it("writes a summary as before and after on one line", () => {
    expect(summaryText({ before: null, after: null })).toBe("-");
    expect(summaryText({ before: null, after: { outcome: "success" } })).toBe('{"outcome":"success"}');
    expect(summaryText({ before: [1], after: [] })).toBe("[1] → []");
    expect(summaryText({ before: { a: 1 }, after: null })).toBe('{"a":1} →');
    expect(summaryText("odd")).toBe("-");
  });
});
