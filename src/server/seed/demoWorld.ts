import { createHash } from "node:crypto";
import { base, en, Faker, ja } from "@faker-js/faker";
import type { Card, Device } from "../../contract/screening.ts";
import {
  DEMO_IP_RANGES,
  type DemoIpRange,
  FOREIGN_RANGES,
  ipInRange,
  MOBILE_RANGE,
  PREFECTURES,
} from "./demoIpRanges.ts";

/**
 * The people behind the demo events, built deterministically from a seed with faker's Japanese
 * locale: ordinary customers (each with a home address, phone, e-mail, device and card) and fraud
 * rings that share devices, cards and shipping addresses across many identities. Names, e-mail
 * accounts and card numbers exist here only as SHA-256 hashes (uppercase hex), as the API takes them.
 */

export const sha256Upper = (text: string): string =>
  createHash("sha256").update(text, "utf8").digest("hex").toUpperCase();

/** A name as shops hash it: NFKC, no spaces. */
export const nameHash = (name: string): string => sha256Upper(name.normalize("NFKC").replace(/\s+/g, ""));

export const COMMON_MAIL_DOMAINS = [
  "gmail.com",
  "yahoo.co.jp",
  "docomo.ne.jp",
  "ezweb.ne.jp",
  "au.com",
  "softbank.ne.jp",
  "i.softbank.jp",
  "icloud.com",
  "outlook.jp",
  "hotmail.co.jp",
  "nifty.com",
  "biglobe.ne.jp",
  "ocn.ne.jp",
] as const;
export const DISPOSABLE_MAIL_DOMAINS = [
  "mailinator.com",
  "yopmail.com",
  "guerrillamail.com",
  "sharklasers.com",
  "10minutemail.com",
  "tempmail.jp",
] as const;

const CARD_PROFILES = [
  {
    brand: "VISA",
    bins: ["411111", "454742", "498765", "402360"],
    issuers: ["三井住友カード", "楽天カード", "エポスカード"],
  },
  {
    brand: "Mastercard",
    bins: ["540000", "525252", "552211"],
    issuers: ["三菱UFJニコス", "イオンカード", "dカード"],
  },
  { brand: "JCB", bins: ["353011", "356789", "354321"], issuers: ["JCB", "セゾンカード", "楽天カード"] },
  { brand: "AMEX", bins: ["371449", "378282"], issuers: ["アメリカン・エキスプレス"] },
  { brand: "Diners", bins: ["361234"], issuers: ["ダイナースクラブ"] },
] as const;

const USER_AGENTS = {
  smartphone: [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; SO-51D) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 13; SH-53C) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36",
  ],
  pc: [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
  ],
  tablet: [
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  ],
} as const;

/**
 * Regulars the white list knows: an office ordering all day from one IP (index 0), a corporate gift
 * buyer trusted by member ID (1), a long-standing customer trusted by phone number (2).
 */
export const OFFICE_CUSTOMER = 0;
export const TRUSTED_CUSTOMER = 1;
export const TRUSTED_TEL_CUSTOMER = 2;
export const SPECIAL_CUSTOMERS = 3;
export const OFFICE_IP = "133.48.10.20";
export const TRUSTED_MEMBER_ID = "M00100001";
export const TRUSTED_TEL = "03-5555-0100";

export interface Identity {
  shopMemberId: string;
  lastNameHash: string;
  firstNameHash: string;
  prefecture: string;
  zipcode: string;
  fullAddress: string;
  tel?: string;
  mobileTel?: string;
  mailAccountHash: string;
  mailDomain: string;
  company?: string;
}

export interface Customer extends Identity {
  device: Device;
  card: Card;
}

export type RingKind = "cardTesting" | "reshipper" | "giftCard" | "knownBad" | "foreignHighValue";

/** A fraud ring: few devices, cards and drop addresses behind many purchaser identities. */
export interface FraudRing {
  ringId: string;
  kind: RingKind;
  identities: Identity[];
  devices: Device[];
  cards: Card[];
  dropAddresses: { zipcode: string; fullAddress: string; tel: string; deliveryCompany?: string }[];
}

export interface DemoWorld {
  faker: Faker;
  customers: Customer[];
  rings: FraudRing[];
}

/** A Faker of its own (not the shared fakerJA singleton), so seeding it touches nothing else. */
export const seededFaker = (seed: number): Faker => {
  const faker = new Faker({ locale: [ja, en, base] });
  faker.seed(seed);
  return faker;
};

const hex = (faker: Faker, length: number) =>
  faker.string.hexadecimal({ length, casing: "lower", prefix: "" });

export function mobileTelOf(faker: Faker): string {
  return `0${faker.helpers.arrayElement(["70", "80", "90"])}-${faker.string.numeric(4)}-${faker.string.numeric(4)}`;
}

function landlineOf(faker: Faker, prefectureIndex: number): string {
  // Tokyo 03, Osaka 06, elsewhere a three- or four-digit area code.
  if (PREFECTURES[prefectureIndex]?.ja === "東京都")
    return `03-${faker.string.numeric(4)}-${faker.string.numeric(4)}`;
  if (PREFECTURES[prefectureIndex]?.ja === "大阪府")
    return `06-${faker.string.numeric(4)}-${faker.string.numeric(4)}`;
  return faker.helpers.arrayElement([
    () =>
      `0${faker.string.numeric({ length: 2, exclude: ["0"] })}-${faker.string.numeric(3)}-${faker.string.numeric(4)}`,
    () =>
      `0${faker.string.numeric({ length: 3, exclude: ["0"] })}-${faker.string.numeric(2)}-${faker.string.numeric(4)}`,
  ])();
}

function addressIn(faker: Faker, prefecture: string): { zipcode: string; fullAddress: string } {
  const building = faker.helpers.maybe(
    () =>
      ` ${faker.helpers.arrayElement(["コーポ", "ハイツ", "メゾン", "レジデンス", "パレス"])}${faker.person.lastName()} ${faker.number.int({ min: 1, max: 12 })}0${faker.number.int({ min: 1, max: 9 })}号室`,
    { probability: 0.45 },
  );
  return {
    zipcode: faker.location.zipCode(),
    fullAddress: `${prefecture}${faker.location.city()}${faker.location.street()}${building ?? ""}`,
  };
}

/** Prefecture weights roughly follow population: the big metropolitan areas dominate. */
const PREFECTURE_WEIGHTS = PREFECTURES.map((pref) =>
  ["東京都", "神奈川県", "大阪府"].includes(pref.ja)
    ? 9
    : ["愛知県", "埼玉県", "千葉県", "兵庫県", "福岡県", "北海道"].includes(pref.ja)
      ? 5
      : 1,
);

export function identityOf(faker: Faker, memberNo: number, mailDomains: readonly string[]): Identity {
  const prefectureIndex = faker.helpers.weightedArrayElement(
    PREFECTURE_WEIGHTS.map((weight, value) => ({ weight, value })),
  );
  const prefecture = (PREFECTURES[prefectureIndex] as { ja: string }).ja;
  const lastName = faker.person.lastName();
  const firstName = faker.person.firstName();
  const hasLandline = faker.datatype.boolean({ probability: 0.3 });
  return {
    shopMemberId: `M${String(memberNo).padStart(8, "0")}`,
    lastNameHash: nameHash(lastName),
    firstNameHash: nameHash(firstName),
    prefecture,
    ...addressIn(faker, prefecture),
    ...(hasLandline ? { tel: landlineOf(faker, prefectureIndex) } : {}),
    mobileTel: mobileTelOf(faker),
    mailAccountHash: sha256Upper(
      `${faker.internet.username({ firstName: "", lastName: "" }).toLowerCase()}${memberNo}`,
    ),
    mailDomain: faker.helpers.arrayElement(mailDomains),
    ...(faker.datatype.boolean({ probability: 0.04 }) ? { company: faker.company.name() } : {}),
  };
}

export function homeRangeOf(prefecture: string): DemoIpRange {
  return DEMO_IP_RANGES.find((range) => range.prefJName === prefecture) ?? MOBILE_RANGE;
}

export function deviceOf(faker: Faker, range: DemoIpRange): Device {
  const deviceType = faker.helpers.weightedArrayElement([
    { weight: 6, value: "smartphone" as const },
    { weight: 3, value: "pc" as const },
    { weight: 1, value: "tablet" as const },
  ]);
  return {
    cookie: hex(faker, 32),
    primaryDid: `D${hex(faker, 32).toUpperCase()}`,
    // Phones browse over the carrier's network more often than over home broadband.
    ipaddress: ipInRange(
      deviceType === "smartphone" && faker.datatype.boolean() ? MOBILE_RANGE : range,
      faker.number.float(),
    ),
    useragent: faker.helpers.arrayElement(USER_AGENTS[deviceType]),
    browserLanguage: "ja-JP",
    deviceType,
    timeZone: "Asia/Tokyo",
  };
}

export function cardOf(faker: Faker): Card {
  const profile = faker.helpers.weightedArrayElement(
    [5, 3, 3, 1, 0.3].map((weight, i) => ({
      weight,
      value: CARD_PROFILES[i] as (typeof CARD_PROFILES)[number],
    })),
  );
  const bincode = faker.helpers.arrayElement(profile.bins);
  const pan = `${bincode}${faker.string.numeric(16 - bincode.length)}`;
  return {
    issuer: faker.helpers.arrayElement(profile.issuers),
    cardBrand: profile.brand,
    bincode,
    cchash: sha256Upper(pan),
    expirationDate: `${String(faker.number.int({ min: 1, max: 12 })).padStart(2, "0")}/${faker.number.int({ min: 27, max: 31 })}`,
    paymentCount: 1,
  };
}

const foreignRange = (faker: Faker): DemoIpRange => faker.helpers.arrayElement(FOREIGN_RANGES);

const FORWARDING_ADDRESSES = [
  "東京都江東区新木場2丁目3番 転送センター内",
  "千葉県市川市塩浜1丁目5番 国際転送サービス 私書箱1032",
  "大阪府大阪市住之江区南港北1丁目 私書箱センター 4F",
  "神奈川県横浜市鶴見区大黒ふ頭 転送倉庫B棟",
];

function ringOf(faker: Faker, ringNo: number, kind: RingKind, memberBase: number): FraudRing {
  const domains = kind === "giftCard" ? DISPOSABLE_MAIL_DOMAINS : COMMON_MAIL_DOMAINS;
  const identities = Array.from({ length: kind === "cardTesting" ? 3 : 12 }, (_, i) =>
    identityOf(faker, memberBase + i, domains),
  );
  const foreign = kind === "cardTesting" || kind === "foreignHighValue";
  const devices = Array.from({ length: kind === "cardTesting" ? 1 : 3 }, () =>
    deviceOf(faker, foreign ? foreignRange(faker) : MOBILE_RANGE),
  );
  if (foreign) for (const device of devices) device.browserLanguage = "en-US";
  const cards = Array.from({ length: kind === "cardTesting" ? 40 : 5 }, () => cardOf(faker));
  const dropAddresses = Array.from({ length: 2 }, (_, i) => {
    const forwarding = kind === "reshipper" || kind === "foreignHighValue";
    const home = addressIn(faker, "東京都");
    return {
      zipcode: home.zipcode,
      fullAddress: forwarding
        ? (FORWARDING_ADDRESSES[(ringNo + i) % FORWARDING_ADDRESSES.length] as string)
        : home.fullAddress,
      tel: mobileTelOf(faker),
      ...(kind === "knownBad" ? { deliveryCompany: "ヤマト運輸 営業所止め" } : {}),
    };
  });
  return { ringId: `RING${ringNo}`, kind, identities, devices, cards, dropAddresses };
}

const RING_KINDS: readonly RingKind[] = [
  "cardTesting",
  "reshipper",
  "giftCard",
  "knownBad",
  "foreignHighValue",
  "reshipper",
];

/** Customers and rings for one tenant; the same seed always gives the same world. */
export function buildDemoWorld(seed: number, customerCount: number): DemoWorld {
  const faker = seededFaker(seed);
  const customers: Customer[] = [];
  for (let i = 0; i < customerCount; i++) {
    const identity = identityOf(faker, 100_000 + i, COMMON_MAIL_DOMAINS);
    customers.push({
      ...identity,
      device: deviceOf(faker, homeRangeOf(identity.prefecture)),
      card: cardOf(faker),
    });
  }
  const office = customers[OFFICE_CUSTOMER] as Customer;
  office.company = "株式会社デモ商事";
  office.device.ipaddress = OFFICE_IP;
  (customers[TRUSTED_TEL_CUSTOMER] as Customer).tel = TRUSTED_TEL;
  const rings = RING_KINDS.map((kind, i) => ringOf(faker, i + 1, kind, 900_000 + 100 * i));
  return { faker, customers, rings };
}
