import { describe, expect, it } from "vitest";
import {
  basicFieldValue,
  fixedItemValue,
  formatFieldValue,
} from "../../../src/app/features/event/detail/fieldValue.ts";
import { reviewEvent } from "../../machines/walks/eventDetailFixture.ts";

describe("event detail field values", () => {
  it("names codes in the language shown, the absence of a manual result and settle status too", () => {
    expect(formatFieldValue("en", "aaresult", "REVIEW")).toBe("REVIEW");
    expect(formatFieldValue("ja", "maresult", "30")).toBe("保留");
    expect(formatFieldValue("en", "maresult", null)).toBe("Not screened");
    expect(formatFieldValue("ja", "settleStatus", null)).toBe("未連携");
    expect(formatFieldValue("en", "negatived", true)).toBe("Registered");
    expect(formatFieldValue("ja", "sex", "2")).toBe("女性");
    expect(formatFieldValue("en", "deviceType", "tablet")).toBe("Tablet");
    expect(formatFieldValue("en", "authKind", "api")).toBe("Real time (API)");
    expect(formatFieldValue("ja", "authKind", "csv")).toBe("CSV審査");
  });

  it("shows amounts as yen and times as YYYY/MM/DD HH:mm:ss", () => {
    expect(formatFieldValue("ja", "amount", 12000)).toMatch(/^[¥￥]12,000$/);
    expect(formatFieldValue("en", "price", 1200)).toBe("JPY\u00a01,200");
    expect(formatFieldValue("en", "createdAt", "2026-11-01T01:02:03.000Z")).toMatch(
      /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/,
    );
  });

  it("shows text as it is, lists joined, and nothing for an absent value", () => {
    expect(formatFieldValue("en", "tel", "03-1234-5678")).toBe("03-1234-5678");
    expect(formatFieldValue("en", "labelNames", ["要確認", "高額"])).toBe("要確認, 高額");
    expect(formatFieldValue("en", "tel", null)).toBe("");
    expect(formatFieldValue("en", "latitude", 35.68)).toBe("35.68");
  });

  it("reads the screening model with its name, and fixed items from their part", () => {
    expect(basicFieldValue(reviewEvent, "modelId")).toBe("標準モデル (MODEL01)");
    expect(fixedItemValue(reviewEvent, "basic", "shopEventId")).toBe("ORDER-1");
    expect(fixedItemValue(reviewEvent, "purchaser", "tel")).toBeUndefined();
    const withDevice = {
      ...reviewEvent,
      device: { ...emptyDevice, ipaddress: "203.0.113.9" },
    };
    expect(fixedItemValue(withDevice, "device", "ipaddress")).toBe("203.0.113.9");
  });
});

const emptyDevice = {
  cookie: null,
  primaryDid: null,
  ipaddress: null,
  domainName: null,
  lineJName: null,
  countryJName: null,
  prefCityJName: null,
  latitude: null,
  longitude: null,
  timeZone: null,
  deviceType: null,
  useragent: null,
  browserLanguage: null,
  authoriId: null,
  result: null,
  userDeviceId: null,
  didShort: null,
  didMiddle: null,
  countryAName: null,
  prefAName: null,
};
