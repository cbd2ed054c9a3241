import type { Faker } from "@faker-js/faker";
import { JAPAN_OFFSET_MS } from "../../contract/japanTime.ts";
import type { Card, Device, OrderItem, Party, Transaction } from "../../contract/screening.ts";
import { type CatalogueItem, DELIVERY_COMPANIES, EVERYDAY_ITEMS, RISKY_ITEMS } from "./demoCatalogue.ts";
import { FOREIGN_RANGES, ipInRange, MOBILE_RANGE } from "./demoIpRanges.ts";
import {
  COMMON_MAIL_DOMAINS,
  type Customer,
  type DemoWorld,
  type FraudRing,
  homeRangeOf,
  type Identity,
  identityOf,
  OFFICE_CUSTOMER,
  OFFICE_IP,
  SPECIAL_CUSTOMERS,
  seededFaker,
  TRUSTED_CUSTOMER,
} from "./demoWorld.ts";

/**
 * Demo transactions in time order: ordinary customers (repeat buyers weighted towards a core of
 * regulars, daytime and evening peaks) plus fraud-ring bursts a few minutes apart. The same world,
 * seed and options always give the same transactions.
 */

export interface DemoEvent {
  /** Screening time: the engine is called with this as `now`. */
  at: Date;
  tx: Transaction;
  /** The ring behind a fraudulent event (for tests and the manual results). */
  ringId?: string;
}

export interface DemoEventOptions {
  seed: number;
  count: number;
  now: Date;
  /** Events are spread over the last `days` JST calendar days (default 180). */
  days?: number;
  /** Prefix of the shop event IDs; each event appends its sequence number. */
  shopEventPrefix: string;
  /** Share of ring events (default 0.05). */
  ringShare?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Relative order volume by JST hour: quiet nights, lunch and evening peaks. */
const HOUR_WEIGHTS = [3, 2, 1, 1, 1, 1, 2, 4, 5, 6, 7, 7, 8, 7, 6, 6, 6, 6, 7, 8, 9, 10, 9, 6];

/** ISO 8601 in JST with its offset, as shops send requestedAt. */
export function jstIso(at: Date): string {
  const shifted = new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 19)}+09:00`;
}

const jstMidnightOf = (at: Date): number => {
  const local = at.getTime() + JAPAN_OFFSET_MS;
  return local - (local % DAY_MS) - JAPAN_OFFSET_MS;
};

function asParty(identity: Identity, existing: boolean): Party {
  return {
    shopMemberId: identity.shopMemberId,
    lastNameHash: identity.lastNameHash,
    firstNameHash: identity.firstNameHash,
    zipcode: identity.zipcode,
    fullAddress: identity.fullAddress,
    ...(identity.tel ? { tel: identity.tel } : {}),
    ...(identity.mobileTel ? { mobileTel: identity.mobileTel } : {}),
    mailAccountHash: identity.mailAccountHash,
    mailDomain: identity.mailDomain,
    ...(identity.company ? { company: identity.company } : {}),
    existingCustomerFlg: existing ? "1" : "0",
  };
}

function lineOf(faker: Faker, item: CatalogueItem, quantity: number): OrderItem {
  // Prices end in 0 or 8, as shop prices do.
  const raw = faker.number.int({ min: item.minPrice, max: item.maxPrice });
  const price =
    item.minPrice === item.maxPrice
      ? raw
      : Math.max(item.minPrice, Math.floor(raw / 10) * 10 - (raw % 20 < 10 ? 0 : 2));
  return {
    shopItemId: item.shopItemId,
    itemName: item.itemName,
    price,
    quantity,
    category: item.category,
    stock: "1",
  };
}

const amountOf = (items: OrderItem[]) => items.reduce((total, line) => total + line.price * line.quantity, 0);

export class DemoEventGenerator {
  private readonly faker: Faker;
  private readonly seen = new Set<string>();
  private sequence = 0;

  constructor(
    private readonly world: DemoWorld,
    private readonly options: DemoEventOptions,
  ) {
    this.faker = seededFaker(options.seed);
  }

  /** Every event, oldest first. */
  *events(): Generator<DemoEvent> {
    const { faker, options } = this;
    const days = options.days ?? 180;
    const ringEvents = Math.round(options.count * (options.ringShare ?? 0.05));
    const ordinary = options.count - ringEvents;
    const bursts = this.planBursts(ringEvents, days);

    // Weekends and the days around payday sell more; allocate by cumulative rounding so the total is exact.
    const firstMidnight = jstMidnightOf(options.now) - (days - 1) * DAY_MS;
    const weights = Array.from({ length: days }, (_, d) => {
      const date = new Date(firstMidnight + d * DAY_MS + JAPAN_OFFSET_MS);
      const weekday = date.getUTCDay();
      const dayOfMonth = date.getUTCDate();
      return (
        (weekday === 0 || weekday === 6 ? 1.25 : 1) * (dayOfMonth >= 25 ? 1.15 : 1) * (0.9 + 0.2 * (d / days))
      );
    });
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    let allocated = 0;
    let cumulative = 0;
    for (let d = 0; d < days; d++) {
      cumulative += weights[d] as number;
      const target = Math.round((ordinary * cumulative) / totalWeight);
      const dayCount = target - allocated;
      allocated = target;
      const midnight = firstMidnight + d * DAY_MS;
      const end = Math.min(midnight + DAY_MS, options.now.getTime() - 1000);
      const day: { at: number; build: (at: Date) => DemoEvent }[] = [];
      for (let i = 0; i < dayCount; i++) {
        const hour = faker.helpers.weightedArrayElement(
          HOUR_WEIGHTS.map((weight, value) => ({ weight, value })),
        );
        let at = midnight + hour * HOUR_MS + faker.number.int({ min: 0, max: HOUR_MS - 1 });
        if (at >= end) at = midnight + faker.number.int({ min: 0, max: Math.max(0, end - midnight - 1) });
        day.push({ at, build: (when) => this.ordinaryEvent(when) });
      }
      for (const burst of bursts.get(d) ?? []) {
        const start = Math.min(
          midnight + burst.startHour * HOUR_MS + faker.number.int({ min: 0, max: HOUR_MS }),
          end - burst.size * 20 * 60_000,
        );
        let at = Math.max(midnight, start);
        for (let i = 0; i < burst.size; i++) {
          day.push({ at, build: (when) => this.ringEvent(burst.ring, when) });
          at += faker.number.int({ min: 1, max: 15 }) * 60_000 + faker.number.int({ min: 0, max: 59_999 });
        }
      }
      day.sort((a, b) => a.at - b.at);
      for (const entry of day) yield entry.build(new Date(entry.at));
    }
  }

  /** Ring bursts: which day, which ring, how many events, from what hour. */
  private planBursts(
    ringEvents: number,
    days: number,
  ): Map<number, { ring: FraudRing; size: number; startHour: number }[]> {
    const { faker, world } = this;
    const plan = new Map<number, { ring: FraudRing; size: number; startHour: number }[]>();
    let remaining = ringEvents;
    let next = 0;
    while (remaining > 0) {
      const ring = world.rings[next % world.rings.length] as FraudRing;
      next++;
      const size = Math.min(remaining, faker.number.int({ min: 4, max: 12 }));
      remaining -= size;
      const day = faker.number.int({ min: 0, max: days - 1 });
      const night = ring.kind === "giftCard" || ring.kind === "cardTesting";
      const startHour = night ? faker.number.int({ min: 1, max: 4 }) : faker.number.int({ min: 9, max: 21 });
      plan.set(day, [...(plan.get(day) ?? []), { ring, size, startHour }]);
    }
    return plan;
  }

  private nextShopEventId(): string {
    this.sequence++;
    return `${this.options.shopEventPrefix}-${String(this.sequence).padStart(8, "0")}`;
  }

  private firstTime(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  private pickCustomer(): Customer {
    const { customers } = this.world;
    // A core of regulars (a fifth) places half the orders; the rest order once or twice. The first
    // SPECIAL_CUSTOMERS are the white-listed regulars, who come in only through their own share.
    const pool = customers.length - SPECIAL_CUSTOMERS;
    const regulars = this.faker.datatype.boolean({ probability: 0.5 });
    const index = this.faker.number.int({
      min: 0,
      max: regulars ? Math.max(0, Math.floor(pool / 5) - 1) : pool - 1,
    });
    return customers[SPECIAL_CUSTOMERS + index] as Customer;
  }

  private ordinaryItems(special: "giftBuyer" | null): OrderItem[] {
    const { faker } = this;
    if (special === "giftBuyer") {
      const card = faker.helpers.arrayElement(
        RISKY_ITEMS.filter((entry) => entry.category === "ギフトカード"),
      );
      return [lineOf(faker, card, faker.number.int({ min: 5, max: 20 }))];
    }
    const lines = faker.helpers.weightedArrayElement([
      { weight: 6, value: 1 },
      { weight: 3, value: 2 },
      { weight: 1, value: 3 },
    ]);
    const items: OrderItem[] = [];
    for (let i = 0; i < lines; i++) {
      // Now and then a regular buys something a fraudster would too: it is what makes review work.
      const risky = faker.datatype.boolean({ probability: 0.025 });
      const chosen = faker.helpers.arrayElement(risky ? RISKY_ITEMS : EVERYDAY_ITEMS);
      const quantity = faker.helpers.weightedArrayElement([
        { weight: 20, value: 1 },
        { weight: 4, value: 2 },
        { weight: 1, value: 3 },
      ]);
      items.push(lineOf(faker, chosen, quantity));
    }
    return items;
  }

  private ordinaryEvent(at: Date): DemoEvent {
    const { faker } = this;
    const roll = faker.number.float();
    // 0.4% the office (white-listed IP), 0.3% the trusted corporate gift buyer, the rest anyone.
    const special = roll < 0.004 ? "office" : roll < 0.007 ? "giftBuyer" : null;
    const customer = special
      ? (this.world.customers[special === "office" ? OFFICE_CUSTOMER : TRUSTED_CUSTOMER] as Customer)
      : this.pickCustomer();
    const existing = !this.firstTime(customer.shopMemberId);
    const items = this.ordinaryItems(special === "giftBuyer" ? "giftBuyer" : null);
    const amount = amountOf(items);
    const method = faker.helpers.weightedArrayElement([
      { weight: 70, value: "card" },
      { weight: 10, value: "cod" },
      { weight: 12, value: "conveni" },
      { weight: 8, value: "bank" },
    ]);
    const purchaser = asParty(customer, existing);
    purchaser.mediaCode = faker.helpers.arrayElement(["WEB", "APP", "MAIL", "AD_SNS"]);
    let shipping: Party = { ...purchaser, deliveryCompany: faker.helpers.arrayElement(DELIVERY_COMPANIES) };
    delete shipping.mediaCode;
    if (faker.datatype.boolean({ probability: 0.12 })) {
      // A gift to family or a friend: another address, which alone is no reason for suspicion.
      const recipient = identityOf(faker, 0, COMMON_MAIL_DOMAINS);
      shipping = {
        lastNameHash: recipient.lastNameHash,
        firstNameHash: recipient.firstNameHash,
        zipcode: recipient.zipcode,
        fullAddress: recipient.fullAddress,
        ...(recipient.mobileTel ? { tel: recipient.mobileTel } : {}),
        deliveryCompany: faker.helpers.arrayElement(DELIVERY_COMPANIES),
      };
    }
    const device: Device = { ...customer.device };
    const ipRoll = faker.number.float();
    if (special === "office") device.ipaddress = OFFICE_IP;
    else if (ipRoll < 0.006)
      device.ipaddress = ipInRange(faker.helpers.arrayElement(FOREIGN_RANGES), faker.number.float());
    else if (ipRoll < 0.1) device.ipaddress = ipInRange(MOBILE_RANGE, faker.number.float());
    else if (ipRoll < 0.2)
      device.ipaddress = ipInRange(homeRangeOf(customer.prefecture), faker.number.float());
    const tx: Transaction = {
      shopEventId: this.nextShopEventId(),
      method,
      amount,
      totalAmount: amount + (amount >= 5000 ? 0 : 550),
      requestedAt: jstIso(new Date(at.getTime() - faker.number.int({ min: 1, max: 30 }) * 1000)),
      ...(method === "bank" || method === "conveni"
        ? { daysToPayment: faker.number.int({ min: 3, max: 14 }) }
        : {}),
      purchaser,
      shipping,
      items,
      device,
      ...(method === "card" ? { card: { ...customer.card, authoriCode: faker.string.numeric(6) } } : {}),
      // The shop's own back office sometimes already knows an order is bad.
      ...(faker.datatype.boolean({ probability: 0.0015 })
        ? { forcedNg: true, memo: "店舗判断により強制NG" }
        : {}),
    };
    return { at, tx };
  }

  private ringItems(ring: FraudRing): OrderItem[] {
    const { faker } = this;
    const pick = (category: string[]) =>
      faker.helpers.arrayElement(RISKY_ITEMS.filter((entry) => category.includes(entry.category)));
    switch (ring.kind) {
      case "cardTesting":
        return [lineOf(faker, pick(["ギフトカード"]), 1)];
      case "giftCard":
        return [lineOf(faker, pick(["ギフトカード"]), faker.number.int({ min: 2, max: 10 }))];
      case "reshipper":
        return [lineOf(faker, pick(["家電", "ゲーム機"]), faker.number.int({ min: 1, max: 4 }))];
      case "foreignHighValue":
        return [lineOf(faker, pick(["家電"]), faker.number.int({ min: 1, max: 2 }))];
      case "knownBad":
        return [
          lineOf(faker, faker.helpers.arrayElement(EVERYDAY_ITEMS), 1),
          lineOf(faker, pick(["家電", "ギフトカード"]), faker.number.int({ min: 1, max: 3 })),
        ];
    }
  }

  private ringEvent(ring: FraudRing, at: Date): DemoEvent {
    const { faker } = this;
    const identity = faker.helpers.arrayElement(ring.identities);
    const items = this.ringItems(ring);
    const amount = amountOf(items);
    const drop = faker.helpers.arrayElement(ring.dropAddresses);
    // Card testers try a fresh card each time; the others reuse their few cards.
    const card: Card =
      ring.kind === "cardTesting"
        ? (ring.cards[this.sequence % ring.cards.length] as Card)
        : faker.helpers.arrayElement(ring.cards);
    const device: Device = { ...faker.helpers.arrayElement(ring.devices) };
    const purchaser = asParty(identity, !this.firstTime(identity.shopMemberId));
    const shipping: Party =
      ring.kind === "cardTesting" || ring.kind === "giftCard"
        ? { ...purchaser }
        : {
            lastNameHash: identity.lastNameHash,
            firstNameHash: identity.firstNameHash,
            zipcode: drop.zipcode,
            fullAddress: drop.fullAddress,
            tel: drop.tel,
            deliveryCompany: drop.deliveryCompany ?? faker.helpers.arrayElement(DELIVERY_COMPANIES),
          };
    delete shipping.existingCustomerFlg;
    const tx: Transaction = {
      shopEventId: this.nextShopEventId(),
      method: "card",
      amount,
      totalAmount: amount + (amount >= 5000 ? 0 : 550),
      requestedAt: jstIso(new Date(at.getTime() - faker.number.int({ min: 1, max: 10 }) * 1000)),
      purchaser,
      shipping,
      items,
      device,
      card: { ...card, authoriCode: faker.string.numeric(6) },
    };
    return { at, tx, ringId: ring.ringId };
  }
}

/** Convenience: all events of a generator as an array (demo sizes only; bulk mode streams). */
export const demoEvents = (world: DemoWorld, options: DemoEventOptions): DemoEvent[] => [
  ...new DemoEventGenerator(world, options).events(),
];
