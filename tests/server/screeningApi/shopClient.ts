import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { expect } from "vitest";
import { DEFAULT_HEADER } from "../../../src/contract/envelope.ts";
import type { TransactionInput } from "../../../src/contract/screening.ts";
import { type ShopCallSpec, screenTransactionCall } from "../../../src/contract/screeningApi.ts";
import { secretFor } from "../../../src/server/services/apiConnectionService.ts";
import { loadCredentialCipher } from "../../../src/server/services/credentialCipher.ts";
import { signShopRequest } from "../../../src/server/services/shopAuthService.ts";
import type { TestApp } from "../helpers/testApp.ts";

/** A shop as the screening API knows it: company, application and the current secret key. */
export interface Shop {
  companyId: string;
  applicationId: string;
  secret: string;
}

export async function shopOf(t: TestApp, companyId: string): Promise<Shop> {
  const row = await t.db
    .selectFrom("api_applications")
    .select("application_id")
    .where("company_id", "=", companyId)
    .executeTakeFirstOrThrow();
  const found = await secretFor(t.db, row.application_id, await loadCredentialCipher(t.config));
  if (!found) throw new Error(`no secret for ${companyId}`);
  return { companyId, applicationId: row.application_id, secret: found.secret };
}

export interface ShopCallOptions {
  /** Unix seconds to sign with; the app clock's now by default. */
  timestamp?: number;
  /** Overrides the computed X-Signature (null: header left out). */
  signature?: string | null;
  /** Signs with this key instead of the shop's. */
  secret?: string;
  /** Signs this body or timestamp but sends the real ones (a request altered on the way). */
  signedBody?: string;
  signedTimestamp?: number;
  /** Overrides the envelope's info. */
  info?: Record<string, unknown>;
  /** Sends this body as is (still signed), instead of the envelope. */
  rawBody?: string | Buffer;
  remoteAddress?: string;
  contentType?: string;
  /** More request headers (Accept-Language, say). */
  headers?: Record<string, string>;
}

export const envelopeOf = (shop: Shop, telegram: unknown, info?: Record<string, unknown>) =>
  JSON.stringify({
    header: { lang: "en", ...DEFAULT_HEADER },
    info: info ?? { companyId: shop.companyId, applicationId: shop.applicationId },
    telegram,
  });

/** Sends one signed screening API call, exactly as a shop's system would. */
export function shopCall(
  t: TestApp,
  spec: Pick<ShopCallSpec, "method" | "path">,
  shop: Shop,
  telegram: unknown,
  options: ShopCallOptions = {},
): Promise<LightMyRequestResponse> {
  const body = options.rawBody ?? envelopeOf(shop, telegram, options.info);
  const timestamp = String(options.timestamp ?? Math.floor(t.clock.now().getTime() / 1000));
  const signature =
    options.signature === undefined
      ? signShopRequest(
          options.secret ?? shop.secret,
          String(options.signedTimestamp ?? timestamp),
          options.signedBody ?? body,
        )
      : options.signature;
  return (t.app as FastifyInstance).inject({
    method: spec.method,
    url: spec.path,
    headers: {
      "content-type": options.contentType ?? "application/json",
      "x-timestamp": timestamp,
      ...(signature === null ? {} : { "x-signature": signature }),
      ...options.headers,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: body,
  });
}

/** What a screening answers that the list and negative tests read. */
export interface ShopScreening {
  eventId: string;
  aaresult: string;
  firedRules: { ruleCode: string; isReasonRule: boolean }[];
}

/** Screens one transaction through the signed screening API, which must accept it, as a shop would. */
export async function screenAsShop(t: TestApp, shop: Shop, input: TransactionInput): Promise<ShopScreening> {
  const response = await shopCall(t, screenTransactionCall, shop, input);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().telegram as ShopScreening;
}

export async function countEvents(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.db);
  return rows[0]?.n ?? 0;
}

const HASH_A = "A".repeat(64);
const HASH_B = "b".repeat(64);

let serial = 0;
/** A valid transaction; each call gets a new shopEventId unless one is given. */
export function sampleTransaction(overrides: Partial<TransactionInput> = {}): TransactionInput {
  serial += 1;
  return {
    shopEventId: `SHOP-${process.pid}-${Date.now()}-${serial}`,
    method: "card",
    amount: 12_800,
    totalAmount: 13_500,
    purchaser: {
      shopMemberId: "M-0001",
      lastNameHash: HASH_A,
      firstNameHash: HASH_B,
      zipcode: "1500001",
      fullAddress: "東京都渋谷区神宮前1-2-3",
      tel: "0312345678",
      mailAccountHash: HASH_A,
      mailDomain: "example.co.jp",
    },
    items: [{ itemName: "ワイヤレスイヤホン", price: 12_800, quantity: 1, category: "audio" }],
    device: { ipaddress: "203.0.113.10", deviceType: "smartphone", primaryDid: "did-0001" },
    card: { cardBrand: "VISA", bincode: "411111", cchash: HASH_B, paymentCount: 1 },
    ...overrides,
  };
}
