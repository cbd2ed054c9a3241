import type { BrowserContext, Page } from "playwright-core";
import { DEFAULT_HEADER } from "../../src/contract/envelope.ts";
import { EMPTY_DETAIL_SEARCH } from "../../src/contract/eventSearch.ts";
import type { TransactionInput } from "../../src/contract/screening.ts";
import {
  type SettleStatus,
  screenTransactionCall,
  updateSettleStatusCall,
} from "../../src/contract/screeningApi.ts";
import { signShopRequest } from "../../src/server/services/shopAuthService.ts";
import { type ConsoleUnderTest, sessionCredentials } from "./consoleHarness.ts";

/**
 * Calls the event detail e2e makes besides the browser's: console calls with a signed-in browser's
 * session (to find a REVIEW event, to read the API secret as an administrator would) and signed
 * screening API calls as the shop's system makes them.
 */

interface Envelope<T> {
  result: string;
  errors: { code: string; message: string }[];
  telegram: T;
}

/** A console call with the session and anti-forgery token the browser holds. */
export async function consoleCall<T>(
  app: ConsoleUnderTest,
  browser: { context: BrowserContext; page: Page },
  path: string,
  telegram: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  const { sid, token } = await sessionCredentials(browser.context, browser.page);
  // info.shopId names the signed-in operator's tenant, as the SPA sends it.
  const shopId = await browser.page.evaluate(() => {
    const raw = localStorage.getItem("fraudConsole");
    return raw
      ? (JSON.parse(raw) as { loginOperator?: { companyId?: string } }).loginOperator?.companyId
      : undefined;
  });
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `sid=${sid}` },
    body: JSON.stringify({
      header: { lang: "en", ...DEFAULT_HEADER },
      info: { token, shopId },
      telegram,
    }),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/**
 * The newest events of the signed-in operator's tenant, REVIEW ones by default (the demo data has
 * screened them all by hand once already); an empty list of results means every event.
 */
export async function reviewEventIds(
  app: ConsoleUnderTest,
  browser: { context: BrowserContext; page: Page },
  aaresult: string[] = ["REVIEW"],
): Promise<string[]> {
  const { body } = await consoleCall<{ rows: { eventId: string }[] }>(
    app,
    browser,
    "/api/v3/screen/event/list",
    {
      search: { ...EMPTY_DETAIL_SEARCH, aaresult },
      pageSize: 50,
      cursor: null,
    },
  );
  if (body.result !== "10") throw new Error(`eventList refused: ${JSON.stringify(body.errors)}`);
  return body.telegram.rows.map((row) => row.eventId);
}

export interface Shop {
  companyId: string;
  applicationId: string;
  secret: string;
}

/** The tenant's application and secret key, read as an administrator reads them on screen. */
export async function shopOf(
  app: ConsoleUnderTest,
  admin: { context: BrowserContext; page: Page },
): Promise<Shop> {
  const info = await consoleCall<{ companyId: string; applicationId: string }>(
    app,
    admin,
    "/api/v3/screen/apiConnectionInfo",
    {},
  );
  const secret = await consoleCall<{ secretKey: string }>(
    app,
    admin,
    "/api/v3/screen/apiConnectionInfo/reveal",
    {},
  );
  if (info.body.result !== "10" || secret.body.result !== "10") throw new Error("no API connection info");
  return {
    companyId: info.body.telegram.companyId,
    applicationId: info.body.telegram.applicationId,
    secret: secret.body.telegram.secretKey,
  };
}

export interface ScreeningOutcome {
  eventId: string;
  aaresult: string;
  firedRules: { ruleCode: string; isReasonRule: boolean }[];
}

/** One signed call of the screening API, exactly as a shop's system sends it. */
async function shopCall<T>(app: ConsoleUnderTest, shop: Shop, path: string, telegram: unknown): Promise<T> {
  const body = JSON.stringify({
    header: { lang: "en", ...DEFAULT_HEADER },
    info: { companyId: shop.companyId, applicationId: shop.applicationId },
    telegram,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-timestamp": timestamp,
      "x-signature": signShopRequest(shop.secret, timestamp, body),
    },
    body,
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.result !== "10")
    throw new Error(`${path} refused (${response.status}): ${JSON.stringify(answer.errors)}`);
  return answer.telegram;
}

/** A transaction screened as a shop sends it. */
export const screenTransaction = (
  app: ConsoleUnderTest,
  shop: Shop,
  transaction: TransactionInput,
): Promise<ScreeningOutcome> => shopCall(app, shop, screenTransactionCall.path, transaction);

/** The shop reports an event's settlement status (the event's version moves on). */
export const reportSettleStatus = (
  app: ConsoleUnderTest,
  shop: Shop,
  report: { eventId: string; settleStatus: SettleStatus },
): Promise<unknown> => shopCall(app, shop, updateSettleStatusCall.path, report);
