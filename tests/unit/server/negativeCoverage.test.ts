import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NEGATIVE_ITEMS } from "../../../src/contract/rules.ts";
import { negativeKeysOf } from "../../../src/server/lists/negativeKeys.ts";
import { registrationCoverage } from "../../../src/server/services/eventActions/negativeCoverage.ts";
import {
  type PartyNegativeData,
  partyNegativeValues,
} from "../../../src/server/services/eventActions/partyNegativeEntry.ts";

const H = (text: string) => createHash("sha256").update(text).digest("hex");

const party: PartyNegativeData["party"] = {
  shop_member_id: "M-100",
  last_name_hash: H("山田"),
  first_name_hash: H("太郎"),
  zipcode: "100-0001",
  full_address: "東京都千代田区千代田1-1",
  birthdate: "1990-01-01",
  tel: "03-1234-5678",
  mobile_tel: "090-1234-5678",
  mail_account_hash: H("taro"),
  mail_domain: "example.jp",
  mobile_mail_account_hash: H("taro.m"),
  mobile_mail_domain: "docomo.ne.jp",
  company: "山田商事",
  depart: "営業部",
};
const device: PartyNegativeData["device"] = {
  ipaddress: "203.0.113.7",
  cookie: "ck-1",
  device_type: "1",
  primary_did: "did-p",
  did_middle: "did-m",
  did_short: "did-s",
};
const card: PartyNegativeData["card"] = { cchash: H("4111") };

const itemsOf = (keys: readonly { item: string }[]) => [...new Set(keys.map((key) => key.item))].sort();

describe("what registering a party as negative adds", () => {
  it("lists every item the entry's look-up keys hold, with the event's own values, in item order", () => {
    const coverage = registrationCoverage({ party, device, card });
    // The same items the engine will match (the keys syncNegativeKeys writes for the entry).
    expect(itemsOf(coverage)).toEqual(itemsOf(negativeKeysOf(partyNegativeValues({ party, device, card }))));
    expect(coverage).toEqual([
      { item: "tel", value: "03-1234-5678" },
      { item: "mobileTel", value: "090-1234-5678" },
      { item: "address", value: "東京都千代田区千代田1-1" },
      { item: "zipcode", value: "100-0001" },
      { item: "mailAccount", value: H("taro") },
      { item: "mailAccount", value: H("taro.m") },
      { item: "mailDomain", value: "example.jp" },
      { item: "mailDomain", value: "docomo.ne.jp" },
      { item: "name", value: `${H("山田")} ${H("太郎")}` },
      { item: "shopMemberId", value: "M-100" },
      { item: "ipaddress", value: "203.0.113.7" },
      { item: "cookie", value: "ck-1" },
      { item: "deviceId", value: "did-p" },
      { item: "deviceId", value: "did-m" },
      { item: "deviceId", value: "did-s" },
      { item: "cchash", value: H("4111") },
    ]);
    expect(coverage.map((line) => NEGATIVE_ITEMS.indexOf(line.item))).toEqual(
      [...coverage.map((line) => NEGATIVE_ITEMS.indexOf(line.item))].sort((a, b) => a - b),
    );
  });

  it("promises nothing the engine cannot match, and shows a value once per item", () => {
    const coverage = registrationCoverage({
      party: {
        ...party,
        tel: " - ",
        mobile_tel: null,
        last_name_hash: H("山田"),
        first_name_hash: null,
        mobile_mail_account_hash: H("taro"),
        mobile_mail_domain: "example.jp",
      },
      device: { ...device, ipaddress: "2001:db8::1", did_middle: null, did_short: "did-p" },
      card: null,
    });
    const items = coverage.map((line) => line.item);
    // A phone without digits, half a name and no card give no key, so no line.
    expect(items).not.toContain("tel");
    expect(items).not.toContain("mobileTel");
    expect(items).not.toContain("name");
    expect(items).not.toContain("cchash");
    expect(coverage.filter((line) => line.item === "mailAccount")).toEqual([
      { item: "mailAccount", value: H("taro") },
    ]);
    expect(coverage.filter((line) => line.item === "mailDomain")).toEqual([
      { item: "mailDomain", value: "example.jp" },
    ]);
    expect(coverage.filter((line) => line.item === "deviceId")).toEqual([
      { item: "deviceId", value: "did-p" },
    ]);
    // An IPv6 address is registered (as ipaddressv6) and shown as sent.
    expect(coverage).toContainEqual({ item: "ipaddress", value: "2001:db8::1" });
  });

  it("adds the event's device and card for either party, and nothing of theirs without them", () => {
    const withoutDevice = registrationCoverage({ party, device: undefined, card: undefined });
    const items = withoutDevice.map((line) => line.item);
    for (const item of ["ipaddress", "cookie", "deviceId", "cchash"] as const)
      expect(items).not.toContain(item);
    expect(items).toContain("tel");
    expect(itemsOf(withoutDevice)).toEqual(
      itemsOf(negativeKeysOf(partyNegativeValues({ party, device: undefined, card: undefined }))),
    );
  });
});
