import type { Kysely } from "kysely";
import type { Database, NewNegative } from "../db/schema.ts";
import { addKeywordCategories, addKeywords } from "../lists/keywordWrites.ts";
import { insertNegatives } from "../lists/negativeWrites.ts";
import { addWhiteEntries } from "../lists/whiteWrites.ts";
import { domainHash, normalizeIp, normalizeTel } from "../screening/normalize.ts";
import { DEMO_IP_RANGES } from "./demoIpRanges.ts";
import { DEMO_KEYWORD_CATEGORY } from "./demoRules.ts";
import {
  type Customer,
  type DemoWorld,
  DISPOSABLE_MAIL_DOMAINS,
  type FraudRing,
  OFFICE_IP,
  SPECIAL_CUSTOMERS,
  TRUSTED_MEMBER_ID,
  TRUSTED_TEL,
} from "./demoWorld.ts";

/**
 * The lists the engine reads, for one demo tenant: keyword categories and keywords, negative entries
 * (what the shop learnt about the fraud rings and a few chargebacks), white entries and the
 * synthetic IP geolocation ranges.
 */

export const DEMO_KEYWORDS: readonly {
  categoryId: string;
  name: string;
  target: "address" | "itemName" | "mailDomain" | "company" | "deliveryCompany";
  keywords: string[];
}[] = [
  {
    categoryId: DEMO_KEYWORD_CATEGORY.address,
    name: "住所（転送・私書箱）",
    target: "address",
    keywords: ["私書箱", "転送", "転送センター", "局留め", "郵便局留", "倉庫"],
  },
  {
    categoryId: DEMO_KEYWORD_CATEGORY.itemName,
    name: "商品名（換金性商品）",
    target: "itemName",
    keywords: ["ギフトカード", "Gift Card", "電子マネー", "プリペイド", "チャージコード", "iPhone"],
  },
  {
    categoryId: DEMO_KEYWORD_CATEGORY.mailDomain,
    name: "メールドメイン（使い捨て）",
    target: "mailDomain",
    keywords: ["mailinator", "yopmail", "guerrillamail", "sharklasers", "10minutemail", "tempmail"],
  },
  {
    categoryId: DEMO_KEYWORD_CATEGORY.company,
    name: "会社名（要注意）",
    target: "company",
    keywords: ["転売", "買取", "リサイクル", "トレーディング"],
  },
  {
    categoryId: DEMO_KEYWORD_CATEGORY.deliveryCompany,
    name: "配送（営業所止め・店頭受取）",
    target: "deliveryCompany",
    keywords: ["営業所止め", "営業所留め", "コンビニ受取", "局留め"],
  },
];

type NegativeFields = Omit<NewNegative, "company_id" | "negative_id">;

const ringOfKind = (world: DemoWorld, kind: FraudRing["kind"]): FraudRing => {
  const ring = world.rings.find((candidate) => candidate.kind === kind);
  if (!ring) throw new Error(`the demo world has no ${kind} ring`);
  return ring;
};

/** What the shop has put on its negative list: parts of four rings and three chargebacks. */
export function demoNegatives(world: DemoWorld): NegativeFields[] {
  const entries: NegativeFields[] = [];
  const base = { add_type: "10", customer_type: "0" } as const;

  const testing = ringOfKind(world, "cardTesting");
  const testingDevice = testing.devices[0];
  entries.push({
    ...base,
    primary_did: testingDevice?.primaryDid ?? null,
    cookie: testingDevice?.cookie ?? null,
    device_type: testingDevice?.deviceType ?? null,
    other_category: "カードテスティング",
  });
  for (const card of testing.cards.slice(0, 10)) entries.push({ ...base, cchash: card.cchash ?? null });

  const reshipper = ringOfKind(world, "reshipper");
  const drop = reshipper.dropAddresses[0];
  if (drop)
    entries.push({ ...base, customer_type: "1", full_address: drop.fullAddress, other_category: "転送業者" });
  for (const card of reshipper.cards.slice(0, 2)) entries.push({ ...base, cchash: card.cchash ?? null });

  const giftCard = ringOfKind(world, "giftCard");
  for (const domain of DISPOSABLE_MAIL_DOMAINS.slice(0, 3))
    entries.push({ ...base, mail_domain: domainHash(domain) ?? null });
  for (const identity of giftCard.identities.slice(0, 4)) {
    entries.push({ ...base, customer_type: "1", zipcode: identity.zipcode });
    entries.push({
      ...base,
      mail_account: identity.mailAccountHash,
      mail_domain: domainHash(identity.mailDomain) ?? null,
    });
  }

  const knownBad = ringOfKind(world, "knownBad");
  knownBad.identities.forEach((identity, i) => {
    entries.push({
      ...base,
      mobile_tel: identity.mobileTel ?? null,
      ...(i < 4
        ? { normalized_last_name: identity.lastNameHash, normalized_first_name: identity.firstNameHash }
        : {}),
      ...(i < 2 ? { shop_member_id: identity.shopMemberId } : {}),
    });
  });
  for (const knownDrop of knownBad.dropAddresses)
    entries.push({ ...base, customer_type: "1", tel: knownDrop.tel });

  const foreign = ringOfKind(world, "foreignHighValue");
  for (const device of foreign.devices.slice(0, 2))
    entries.push({ ...base, ipaddress: device.ipaddress ?? null });

  // Chargebacks on three ordinary regulars' cards: their later orders are refused.
  for (const customer of world.customers.slice(
    SPECIAL_CUSTOMERS + 40,
    SPECIAL_CUSTOMERS + 43,
  ) as Customer[]) {
    entries.push({
      ...base,
      cchash: customer.card.cchash ?? null,
      tel: customer.tel ?? customer.mobileTel ?? null,
      settle_category: "チャージバック",
    });
  }
  return entries;
}

/** Days from the seed's time: a demo expiry that is still ahead when the demo is used. */
const DAY_MS = 86_400_000;

export const DEMO_WHITE_ENTRIES: readonly {
  entryType: "ip" | "shopMemberId" | "tel";
  value: string;
  note: string;
  /** Days after the seed's time the entry expires; absent: never. */
  validDays?: number;
}[] = [
  { entryType: "ip", value: normalizeIp(OFFICE_IP) as string, note: "本社オフィス" },
  { entryType: "shopMemberId", value: TRUSTED_MEMBER_ID, note: "法人会員（与信確認済み）" },
  { entryType: "tel", value: normalizeTel(TRUSTED_TEL) as string, note: "優良顧客" },
  // Documentation ranges (RFC 5737): no demo order comes from them, so the events are unchanged.
  { entryType: "ip", value: "198.51.100.10", note: "倉庫の検品端末", validDays: 400 },
  { entryType: "ip", value: "203.0.113.25", note: "キャンペーン期間中の提携先", validDays: 3_650 },
  { entryType: "shopMemberId", value: "M00100777", note: "社員購入" },
];

/** Stores the lists of one tenant; created and updated times lie before the first demo event. */
export async function seedDemoLists(
  db: Kysely<Database>,
  companyId: string,
  world: DemoWorld,
  at: Date,
): Promise<void> {
  await addKeywordCategories(
    db,
    companyId,
    DEMO_KEYWORDS.map((c) => ({ category_id: c.categoryId, name: c.name, target: c.target })),
    at,
  );
  for (const c of DEMO_KEYWORDS) {
    await addKeywords(db, companyId, c.categoryId, c.keywords, { operatorId: null, at });
  }
  await insertNegatives(
    db,
    companyId,
    demoNegatives(world).map((fields) => ({ ...fields, created_at: at, updated_at: at })),
  );
  await addWhiteEntries(
    db,
    companyId,
    DEMO_WHITE_ENTRIES.map((entry) => ({
      type: entry.entryType,
      value: entry.value,
      note: entry.note,
      validUntil: entry.validDays === undefined ? null : new Date(at.getTime() + entry.validDays * DAY_MS),
    })),
    { operatorId: null, at },
  );

  await db
    .insertInto("ip_geo_ranges")
    .values(
      DEMO_IP_RANGES.map((range) => ({
        company_id: companyId,
        range_start: range.start,
        range_end: range.end,
        country_code: range.countryCode,
        country_j_name: range.countryJName,
        country_a_name: range.countryAName,
        pref_j_name: range.prefJName,
        pref_a_name: range.prefAName,
        line_j_name: range.lineJName,
        domain_name: range.domainName,
        latitude: null,
        longitude: null,
      })),
    )
    .execute();
}
