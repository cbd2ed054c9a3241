import { describe, expect, it } from "vitest";
import { EXPORT_GROUPS } from "../../../../src/contract/eventFields.ts";
import { csvCell } from "../../../../src/server/services/csvSafe.ts";
import { eventCsvPlan } from "../../../../src/server/services/eventExport/eventCsvColumns.ts";

const headers = (lang: "en" | "ja", groups: readonly (typeof EXPORT_GROUPS)[number][]) =>
  eventCsvPlan(lang, groups, ",").headers;

describe("event CSV headers", () => {
  it.each(["en", "ja"] as const)("are unique with every group chosen (%s)", (lang) => {
    const all = headers(lang, EXPORT_GROUPS);
    expect(new Set(all).size).toBe(all.length);
  });

  it("name every purchaser and shipping column with its party, in English in sentence case", () => {
    expect(headers("en", ["purchaser"])).toEqual(
      expect.arrayContaining(["Purchaser address", "Purchaser phone number", "Purchaser media code"]),
    );
    expect(headers("en", ["shipping"])).toEqual(
      expect.arrayContaining(["Shipping address", "Shipping shop member ID", "Shipping delivery company"]),
    );
    expect(headers("ja", ["purchaser"])).toEqual(expect.arrayContaining(["購入者住所", "購入者媒体コード"]));
    expect(headers("ja", ["shipping"])).toEqual(expect.arrayContaining(["配送先住所", "配送先配送会社"]));
    for (const [lang, parties] of [
      ["en", ["Purchaser", "Shipping"]],
      ["ja", ["購入者", "配送先"]],
    ] as const)
      for (const [index, group] of (["purchaser", "shipping"] as const).entries())
        for (const header of headers(lang, [group]))
          expect(header.startsWith(parties[index] as string)).toBe(true);
  });

  it("name the fired rules' group apart from the deciding rule group, once each", () => {
    expect(headers("en", ["basic", "firedRule"]).filter((header) => /rule group/i.test(header))).toEqual([
      "Rule group",
      "Fired rule group",
    ]);
    expect(
      headers("ja", ["basic", "firedRule"]).filter((header) => header.includes("ルールグループ")),
    ).toEqual(["ルールグループ", "発火ルールグループ"]);
  });

  it("keep the other groups' field names as the detail shows them", () => {
    expect(headers("en", ["firedRule"])).toEqual([
      "Rule code",
      "Rule description",
      "Fired rule group",
      "Reason rule",
    ]);
    expect(headers("en", ["device"]).slice(0, 3)).toEqual(["Cookie", "Device ID", "IP address"]);
  });
});

describe("event CSV fired rules", () => {
  const forcedFirst = [
    [
      ["FORCED_EVENT_NG", "加盟店指定の強制NG (forcedNg)", "FORCED_EVENT_NG", true],
      ["VEL_CARD_1H", "同一カード1時間3回以上", "速度", false],
    ],
  ];

  it("describe the system's forced NG in the file's language, a tenant's rule as written", () => {
    expect(eventCsvPlan("en", ["firedRule"], ",").formatRow(forcedFirst)).toBe(
      "FORCED_EVENT_NG | VEL_CARD_1H,NG forced by the shop (forcedNg) | 同一カード1時間3回以上,FORCED_EVENT_NG | 速度,FORCED_EVENT_NG",
    );
    expect(eventCsvPlan("ja", ["firedRule"], ",").formatRow(forcedFirst)).toBe(
      "FORCED_EVENT_NG | VEL_CARD_1H,加盟店指定の強制NG (forcedNg) | 同一カード1時間3回以上,FORCED_EVENT_NG | 速度,FORCED_EVENT_NG",
    );
  });
});

describe("event CSV related events", () => {
  it("read each key's events in turn, an event once per key type, a key without events left out", () => {
    const row = [["address E3 E1", "address E2 E3 E4", "cchash E3", "tel "]];
    expect(eventCsvPlan("en", ["relatedEvent"], "\t").formatRow(row)).toBe(
      "E3 | E1 | E2 | E4 | E3\tAddress | Address | Address | Address | Card",
    );
  });

  it("leave both columns empty for an event without link keys", () => {
    expect(eventCsvPlan("en", ["relatedEvent"], ",").formatRow([null])).toBe(",");
  });
});

describe("event CSV cells", () => {
  const tricky = [
    "plain",
    "=1+1",
    '=HYPERLINK("http://x")',
    "＝HYPERLINK(1)",
    "+81-3-1234",
    "-2",
    "@SUM(A1)",
    "\tcmd",
    "\rcmd",
    "a,b",
    "a\tb",
    'say "hi"',
    "two\nlines",
    "東京都千代田区",
    "",
  ];
  it.each([",", "\t"] as const)("are made safe and quoted as csvCell does (delimiter %j)", (delimiter) => {
    const plan = eventCsvPlan("en", ["other"], delimiter);
    for (const memo of tricky) expect(plan.formatRow([[memo]]), memo).toBe(csvCell(memo, delimiter));
  });
});
