import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { transactionSchema } from "../../../src/contract/screening.ts";
import { negativeKeysOf, negativeProbesOf } from "../../../src/server/lists/negativeKeys.ts";
import { normalizeWhiteValue } from "../../../src/server/lists/whiteLookup.ts";
import { newEventId } from "../../../src/server/screening/eventId.ts";
import { ipGeoAddress } from "../../../src/server/screening/ipGeo.ts";
import { linkKeysOf } from "../../../src/server/screening/linkKeys.ts";
import {
  domainHash,
  mailKey,
  nameKey,
  normalizeAddress,
  normalizeIp,
  normalizeTel,
} from "../../../src/server/screening/normalize.ts";

const H = (text: string) => createHash("sha256").update(text).digest("hex").toUpperCase();

describe("normalized values", () => {
  it("folds phones, addresses, domains and hashes so console entries meet shop data", () => {
    expect(normalizeTel("０９０-1234 5678")).toBe("09012345678");
    expect(normalizeTel(" - ")).toBeUndefined();
    expect(normalizeAddress("東京都 千代田区１－２‐３ ＡＢ")).toBe("東京都千代田区1-2-3ab");
    expect(domainHash("Example.JP")).toBe(H("example.jp"));
    expect(domainHash(H("example.jp").toLowerCase())).toBe(H("example.jp"));
    expect(mailKey(H("a").toLowerCase(), "Mail.Example")).toBe(`${H("a")}@mail.example`);
    expect(nameKey(H("l"), undefined)).toBeUndefined();
    expect(normalizeWhiteValue("tel", "03-1234-5678")).toBe("0312345678");
    expect(normalizeWhiteValue("ip", " 2001:DB8::1 ")).toBe("2001:db8::1");
  });

  it.each([
    ["hyphens and full-width digits", "０９０-1234 5678", "09012345678"],
    ["Japan's country code (E.164)", "+81 90-1234-5678", "09012345678"],
    ["country code written full-width, no spaces", "＋８１９０１２３４５６７８", "09012345678"],
    ["country code with the trunk zero in parentheses", "+81 (0)3-1234-5678", "0312345678"],
    ["country code in parentheses", "(+81)90-1234-5678", "09012345678"],
    ["country code after the international 00", "0081-90-1234-5678", "09012345678"],
    ["another country's code stays as its digits", "+1 415 555 0100", "14155550100"],
  ])("normalizeTel: %s", (_name, sent, normalized) => {
    expect(normalizeTel(sent)).toBe(normalized);
  });

  it.each([
    ["prolonged sound mark between digits", "東京都千代田区１ー２ー３", "東京都千代田区1-2-3"],
    ["half-width prolonged sound mark", "東京都千代田区1ｰ2ｰ3", "東京都千代田区1-2-3"],
    ["full-width hyphen-minus and spaces", "東京都　千代田区１－２－３", "東京都千代田区1-2-3"],
    ["a mark not between digits stays", "東京都千代田区ー1", "東京都千代田区ー1"],
    ["katakana words keep their mark", "コーポ千代田1ー101", "コーポ千代田1-101"],
  ])("normalizeAddress: %s", (_name, sent, same) => {
    expect(normalizeAddress(sent)).toBe(normalizeAddress(same));
    expect(normalizeAddress(sent)).toBe(same.replace(/\s/g, ""));
  });

  it.each([
    ["IPv4 as sent", " 203.0.113.7 ", "203.0.113.7"],
    ["IPv6 upper case", "2001:DB8::1", "2001:db8::1"],
    ["IPv6 with leading zeros, uncompressed", "2001:0DB8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["IPv6 compressed elsewhere", "2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
    ["IPv4-mapped IPv6 (a dual-stack server's view of an IPv4 client)", "::ffff:203.0.113.7", "203.0.113.7"],
    ["IPv4-mapped IPv6 in hex", "::FFFF:CB00:7107", "203.0.113.7"],
    ["not an address: trimmed only", " unknown ", "unknown"],
  ])("normalizeIp: %s", (_name, sent, normalized) => {
    expect(normalizeIp(sent)).toBe(normalized);
  });

  it("one IP address written two ways hits the negative entry, the white entry and the geolocation", () => {
    const tx = transactionSchema.parse({
      shopEventId: "S",
      amount: 1,
      purchaser: {},
      device: { ipaddress: "::ffff:203.0.113.7" },
    });
    const probes = negativeProbesOf(tx).filter((probe) => probe.item === "ipaddress");
    expect(probes.map((probe) => probe.value)).toEqual(["203.0.113.7"]);
    expect(negativeKeysOf({ ipaddressv6: "2001:0db8:0:0:0:0:0:1" })).toEqual([
      { item: "ipaddress", value: normalizeIp("2001:DB8::1") },
    ]);
    expect(normalizeWhiteValue("ip", "203.0.113.7")).toBe(normalizeIp("::ffff:203.0.113.7"));
    expect(ipGeoAddress(normalizeIp("::ffff:203.0.113.7"))).toBe("203.0.113.7");
  });

  it("derives a negative entry's keys the way an event's values are probed", () => {
    const keys = negativeKeysOf({
      tel: "03-1111-2222",
      full_address: "大阪府 大阪市",
      mail_account: H("acc").toLowerCase(),
      mobile_mail_account: H("acc"),
      mail_domain: "bad.example",
      normalized_last_name: H("last"),
      normalized_first_name: H("first"),
      primary_did: "DID1",
      did_short: "DS",
      cchash: H("card").toLowerCase(),
    });
    expect(keys).toEqual([
      { item: "tel", value: "0311112222" },
      { item: "address", value: "大阪府大阪市" },
      { item: "mailAccount", value: H("acc") },
      { item: "mailDomain", value: H("bad.example") },
      { item: "name", value: `${H("last")}&${H("first")}` },
      { item: "deviceId", value: "DID1" },
      { item: "deviceId", value: "DS" },
      { item: "cchash", value: H("card") },
    ]);
    const tx = transactionSchema.parse({
      shopEventId: "S",
      amount: 1,
      purchaser: { tel: "0311112222", mailAccountHash: H("acc"), mailDomain: "BAD.example" },
      shipping: { fullAddress: "大阪府大阪市", lastNameHash: H("last"), firstNameHash: H("first") },
      device: { userDeviceId: "DID1" },
      card: { cchash: H("card") },
    });
    const probes = negativeProbesOf(tx).map((p) => `${p.party}:${p.item}:${p.value}`);
    const keyIds = new Set(keys.map((k) => `${k.item}:${k.value}`));
    const hits = probes.filter((probe) => keyIds.has(probe.slice(probe.indexOf(":") + 1)));
    expect(hits).toEqual([
      "purchaser:tel:0311112222",
      `purchaser:mailAccount:${H("acc")}`,
      `purchaser:mailDomain:${H("bad.example")}`,
      "purchaser:deviceId:DID1",
      `purchaser:cchash:${H("card")}`,
      "shipping:address:大阪府大阪市",
      `shipping:name:${H("last")}&${H("first")}`,
      "shipping:deviceId:DID1",
      `shipping:cchash:${H("card")}`,
    ]);
  });

  it("links by card, device IDs, IP, e-mail, phones and addresses, each value once", () => {
    const tx = transactionSchema.parse({
      shopEventId: "S",
      amount: 1,
      purchaser: {
        tel: "03-1",
        mobileTel: "031",
        fullAddress: "A 1",
        mailAccountHash: H("m"),
        mailDomain: "x.jp",
      },
      shipping: { fullAddress: "A1", mailAccountHash: H("m"), mailDomain: "X.JP" },
      device: { primaryDid: "P", userDeviceId: "U", ipaddress: "192.0.2.1" },
      card: { cchash: H("c") },
    });
    expect(linkKeysOf(tx)).toEqual([
      { keyType: "cchash", value: H("c") },
      { keyType: "deviceId", value: "P" },
      { keyType: "deviceId", value: "U" },
      { keyType: "ipaddress", value: "192.0.2.1" },
      { keyType: "mail", value: `${H("m")}@x.jp`, purchaserMail: true },
      { keyType: "tel", value: "031" },
      { keyType: "address", value: "a1" },
    ]);
  });

  it("event IDs: E, the Japan time to the second, six base32 characters", () => {
    const id = newEventId(new Date("2026-01-22T00:30:15Z"));
    expect(id).toMatch(/^E20260122093015[A-Z2-7]{6}$/);
    expect(id.length).toBeLessThanOrEqual(47);
    expect(new Set(Array.from({ length: 50 }, () => newEventId(new Date()))).size).toBe(50);
  });
});
