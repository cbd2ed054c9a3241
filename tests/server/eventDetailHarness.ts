import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { CallSpec } from "../../src/contract/call.ts";
import type { Lang } from "../../src/contract/envelope.ts";
import type { ErrorCode } from "../../src/contract/errors.ts";
import { type EventDetail, eventDetail } from "../../src/contract/eventDetail.ts";
import { type TransactionInput, transactionSchema } from "../../src/contract/screening.ts";
import { screenTransaction } from "../../src/server/screening/screenTransaction.ts";
import type { ScreeningOutcome } from "../../src/server/screening/types.ts";
import { STANDARD_MODEL } from "../../src/server/services/apiConnectionService.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";
import type { Backend } from "./helpers/testBackends.ts";

/**
 * The real app over a seeded database with a session per demo operator, plus what the event detail
 * and action tests share: screening a transaction of their own into DEMO (so every value is known),
 * calling with a session and reading the answer.
 */
export interface ReviewApp {
  t: TestApp;
  admin: Session;
  reviewer: Session;
  viewer: Session;
  acme: Session;
  close(): Promise<void>;
}

export async function openReviewApp(backend: Backend): Promise<ReviewApp> {
  const t = await createTestApp(backend);
  const [admin, reviewer, viewer, acme] = await Promise.all([
    loginAs(t.app, "DEMO", "admin@demo.example"),
    loginAs(t.app, "DEMO", "reviewer@demo.example"),
    loginAs(t.app, "DEMO", "viewer@demo.example"),
    loginAs(t.app, "ACME", "admin@acme.example"),
  ]);
  return { t, admin, reviewer, viewer, acme, close: () => t.close() };
}

/** A value no demo event has, so links and negative hits come only from the test's own events. */
export const unique = (prefix: string): string => `${prefix}${randomBytes(6).toString("hex")}`;
export const uniqueHash = (): string => randomBytes(32).toString("hex").toUpperCase();
export const uniqueTel = (): string =>
  `090${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;
/** A private IPv4 address out of 16.7 million (a /24 of 256 let two tests' orders share one, and so link). */
export const uniqueIpv4 = (): string => `10.${[...randomBytes(3)].join(".")}`;

/** A customer of its own: every identifier fresh. */
export function freshPurchaser(): NonNullable<TransactionInput["purchaser"]> {
  return {
    shopMemberId: unique("M-"),
    lastNameHash: uniqueHash(),
    firstNameHash: uniqueHash(),
    zipcode: "1500001",
    fullAddress: `東京都渋谷区神宮前${unique("")}`,
    tel: uniqueTel(),
    mobileTel: uniqueTel(),
    mailAccountHash: uniqueHash(),
    mailDomain: `${unique("shop")}.example.jp`,
    existingCustomerFlg: "0",
  };
}

/** A plain, low-risk order of a fresh customer on a fresh device and card. */
export function freshOrder(overrides: Partial<TransactionInput> = {}): TransactionInput {
  return {
    shopEventId: unique("SHOP-"),
    method: "card",
    amount: 3_300,
    totalAmount: 3_300,
    purchaser: freshPurchaser(),
    shipping: {
      fullAddress: `大阪府大阪市北区梅田${unique("")}`,
      zipcode: "5300001",
      tel: uniqueTel(),
      deliveryCompany: "ヤマト運輸",
    },
    items: [
      { shopItemId: "PEN-1", itemName: "ボールペン", price: 300, quantity: 1, category: "文具" },
      { shopItemId: "NOTE-1", itemName: "ノート", price: 3_000, quantity: 1, category: "文具" },
    ],
    device: {
      ipaddress: uniqueIpv4(),
      cookie: unique("ck-"),
      primaryDid: unique("did-"),
      deviceType: "pc",
    },
    card: { cardBrand: "VISA", bincode: "411111", cchash: uniqueHash(), paymentCount: 1 },
    ...overrides,
  };
}

/** Screens a transaction into DEMO's standard model with the demo rule package, at the app clock's now. */
export function screenDemo(t: TestApp, input: TransactionInput, at?: Date): Promise<ScreeningOutcome> {
  return screenTransaction(
    { db: t.db, now: t.clock.now },
    { companyId: "DEMO", modelId: STANDARD_MODEL.modelId, applicationId: null },
    transactionSchema.parse(input),
    at ? { now: at } : {},
  );
}

export const send = (
  t: TestApp,
  spec: Pick<CallSpec, "method" | "path">,
  session: Session,
  telegram: unknown,
  lang: Lang = "en",
): Promise<LightMyRequestResponse> => call(t.app, spec, telegram, { session, lang });

/** The detail as the session sees it; fails the test on any refusal. */
export async function detailOf(t: TestApp, session: Session, eventId: string): Promise<EventDetail> {
  const response = await send(t, eventDetail, session, { eventId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().telegram as EventDetail;
}

/** Asserts an error envelope with this code (and, when given, this message) and returns its errors. */
export function expectRefusal(
  response: LightMyRequestResponse,
  code: ErrorCode,
  message?: string,
): { code: string; message: string; field?: string }[] {
  const body = response.json();
  expect(body.result, response.body).toBe("20");
  expect(body.errors[0]?.code, response.body).toBe(code);
  if (message !== undefined) expect(body.errors[0]?.message).toBe(message);
  return body.errors;
}

/** The telegram of a successful call; fails the test otherwise. */
export function expectDone<T = { detail: EventDetail }>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().telegram as T;
}

/** A DEMO event's ID and an ACME event's ID from the seed. */
export async function seededEventIds(t: TestApp): Promise<{ demo: string; acme: string }> {
  const pick = (companyId: string) =>
    t.db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", companyId)
      .orderBy("event_id")
      .limit(1)
      .executeTakeFirstOrThrow();
  const [demo, acme] = await Promise.all([pick("DEMO"), pick("ACME")]);
  return { demo: demo.event_id, acme: acme.event_id };
}
