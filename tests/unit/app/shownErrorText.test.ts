import { beforeAll, describe, expect, it, vi } from "vitest";
import { changeLang, initI18n } from "../../../src/app/i18n/i18n.ts";
import { shownErrorText } from "../../../src/app/ui/shownErrorText.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import en from "../../../src/contract/messages/en.json" with { type: "json" };
import ja from "../../../src/contract/messages/ja.json" with { type: "json" };

describe("an error as a screen shows it", () => {
  beforeAll(async () => {
    // i18n marks the page's language on the document; no browser here.
    vi.stubGlobal("document", { documentElement: {} });
    await initI18n("ja");
  });

  it("reads a failed call (the browser's own words) as message 697, in the operator's language", async () => {
    const failed = { code: ERROR.internalFailure, message: "Failed to fetch" };
    expect(shownErrorText(failed)).toBe(ja.no["697"]);
    await changeLang("en");
    expect(shownErrorText(failed)).toBe(en.no["697"]);
    await changeLang("ja");
  });

  it("keeps the server's text, else the numbered message, else the code", () => {
    expect(shownErrorText({ code: ERROR.conflict, message: "サーバーの文言" })).toBe("サーバーの文言");
    expect(shownErrorText({ code: ERROR.conflict, message: "" })).toBe(ja.no["015"]);
    expect(shownErrorText({ code: "Unknown.Code", message: "" })).toBe("Unknown.Code");
  });
});
