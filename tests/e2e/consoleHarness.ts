import type { BrowserContext, Locator, Page, Response } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import en from "../../src/contract/messages/en.json";
import ja from "../../src/contract/messages/ja.json";
import { launchBrowser, type TestBrowser, type TestLang } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/serverProcess.ts";
import { type SmtpCapture, startSmtpCapture } from "../support/smtpCapture.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";

/** Demo data (src/server/seed/demoSeed.ts). */
export const DEMO_PASSWORD = "Demo-2026!pass";
export const DEMO_COMPANY_NAME = "デモ商店";
export const ACCOUNTS = {
  admin: { companyId: "DEMO", email: "admin@demo.example", name: "デモ管理者" },
  reviewer: { companyId: "DEMO", email: "reviewer@demo.example", name: "デモ審査者" },
  viewer: { companyId: "DEMO", email: "viewer@demo.example", name: "デモ閲覧者" },
  acme: { companyId: "ACME", email: "admin@acme.example", name: "ACME Admin" },
  check: { companyId: "CHECK", email: "admin@check.example", name: "チェック管理者" },
} as const;
export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

/** The message catalogue the server and the SPA share. */
export const MESSAGES = { en, ja } as const;

/** Visible labels and accessible names: English is the spec's wording. */
export const LABELS = {
  en: {
    loginHeading: "Login",
    companyId: "Company ID",
    email: "E-mail address",
    password: "Password",
    loginButton: "Login",
    forgotPassword: "Forgot your password?",
    requestHeading: "Password change request",
    sendMail: "Send E-mail",
    returnToLogin: "Return to login",
    changeHeading: "Password change",
    newPassword: "New password",
    newPasswordConfirm: "New password (confirmation)",
    changeButton: "Change",
    systemErrorHeading: "System error",
    toLoginScreen: "To Login Screen",
    notFoundHeading: "Page not found",
    accountMenu: "Account menu",
    logout: "Logout",
    execute: "Execute",
    cancel: "Cancel",
    mainMenu: "Main menu",
    groupConditions: "Screening conditions",
    groupAdmin: "Administration",
    testMarker: "Test environment",
    notifications: "Notifications",
  },
  ja: {
    loginHeading: "ログイン",
    companyId: "企業ID",
    email: "メールアドレス",
    password: "パスワード",
    loginButton: "ログイン",
    forgotPassword: "パスワードをお忘れの方",
    requestHeading: "パスワード変更申請",
    sendMail: "メール送信",
    returnToLogin: "ログイン画面に戻る",
    changeHeading: "パスワード変更",
    newPassword: "新しいパスワード",
    newPasswordConfirm: "新しいパスワード（確認）",
    changeButton: "変更",
    systemErrorHeading: "システムエラー",
    toLoginScreen: "ログイン画面へ",
    notFoundHeading: "ページが見つかりません",
    accountMenu: "アカウントメニュー",
    logout: "ログアウト",
    execute: "実行",
    cancel: "キャンセル",
    mainMenu: "メインメニュー",
    groupConditions: "審査条件",
    groupAdmin: "管理",
    testMarker: "テスト環境",
    notifications: "通知",
  },
} as const satisfies Record<TestLang, Record<string, string>>;

export interface ConsoleUnderTest {
  url: string;
  /** Absolute URL of a path under /v3 ("/login" -> http://127.0.0.1:PORT/v3/login). */
  at(path: string): string;
  smtp: SmtpCapture;
  server: ServerProcess;
  stop(): Promise<void>;
}

/** Where login lands: the first screen of the menu the demo operators may open (Event list). */
export const LANDING_PATH = "/EventList";

/**
 * The real server on a free loopback port, with a fresh copy of the demo database (or of the database
 * `dataDir` makes, e.g. one with bulk events) and a mail peer.
 */
export async function startConsole(
  options: { consoleEnv?: string; env?: Record<string, string>; dataDir?: () => Promise<string> } = {},
): Promise<ConsoleUnderTest> {
  const smtp = await startSmtpCapture();
  const dataDir = await (options.dataDir ?? freshDataDir)();
  let server: ServerProcess;
  try {
    server = await startServerProcess({
      dataDir,
      smtpUrl: smtp.url,
      consoleEnv: options.consoleEnv ?? "TST",
      ...(options.env ? { env: options.env } : {}),
    });
  } catch (error) {
    await smtp.close();
    await removeDataDir(dataDir);
    throw error;
  }
  return {
    url: server.url,
    at: (path) => `${server.url}/v3${path}`,
    smtp,
    server,
    async stop() {
      await server.stop();
      await smtp.close();
      await removeDataDir(dataDir);
    },
  };
}

export interface ConsoleSession {
  browser: TestBrowser;
  app: ConsoleUnderTest;
  /** The current test's browser context and page (a fresh one per test, in the suite's language). */
  context: BrowserContext;
  page: Page;
  /** Closes the current context and opens a fresh one (a browser that has never logged in). */
  reopen(): Promise<void>;
}

/**
 * Registers the suite hooks shared by the per-language e2e suites: one browser and one console
 * (startConsole's options) for the suite, a fresh context and page per test, all closed afterwards.
 * Read the fields inside tests and hooks: they are set when the hooks run.
 */
export function consoleSession(lang: TestLang, options?: Parameters<typeof startConsole>[0]): ConsoleSession {
  const session = {
    async reopen() {
      await session.context?.close();
      ({ context: session.context, page: session.page } = await session.browser.newPage(lang));
    },
  } as ConsoleSession;
  beforeAll(async () => {
    [session.browser, session.app] = await Promise.all([launchBrowser(), startConsole(options)]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.app?.stop();
  });
  beforeEach(async () => {
    ({ context: session.context, page: session.page } = await session.browser.newPage(lang));
  });
  afterEach(async () => {
    await session.context?.close();
  });
  return session;
}

/** Waits until the locator's first match is visible (a readable timeout error otherwise). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  const first = locator.first();
  await first.waitFor({ state: "visible", timeout });
  return first;
}

/** Waits until no element matches the locator, or every match is hidden. */
export async function gone(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.first().waitFor({ state: "hidden", timeout });
}

/** Waits until the page shows the given path under /v3. */
export async function onPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/v3${path}`, { timeout });
}

export const pathOf = (page: Page): string => new URL(page.url()).pathname.replace(/^\/v3/, "");

export const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

/** The password field: an <input type=password> has no ARIA role, so it is found by its accessible name. */
export const passwordField = (page: Page, name: string) => page.getByLabel(name, { exact: true });

export async function fillLogin(
  page: Page,
  lang: TestLang,
  account: Account,
  password: string,
): Promise<void> {
  const l = LABELS[lang];
  await page.getByRole("textbox", { name: l.companyId, exact: true }).fill(account.companyId);
  await page.getByRole("textbox", { name: l.email, exact: true }).fill(account.email);
  await passwordField(page, l.password).fill(password);
}

/** Submits the login form and returns the login call's HTTP response. */
export async function submitLogin(page: Page, lang: TestLang): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/v3/screen/login") && r.request().method() === "POST"),
    page.getByRole("button", { name: LABELS[lang].loginButton, exact: true }).click(),
  ]);
  return response;
}

/**
 * A protected screen is ready once its lazy chunk and first data have arrived: its main region shows
 * the level-one heading and nothing on the page is marked busy. Checks (axe above all) run after this.
 */
export async function screenReady(page: Page, timeout = 15_000): Promise<void> {
  await visible(page.getByRole("main").getByRole("heading", { level: 1 }), timeout);
  // Nothing busy and no call under way: while one is, the overlay covers the page (menu included)
  // and takes the clicks meant for what lies under it.
  await page.waitForFunction(
    () => document.querySelector('[aria-busy="true"], .busy-overlay') === null,
    undefined,
    { timeout },
  );
}

/** Whether the element has the keyboard focus (the page's active element). */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Opens a screen through a group of the main menu and waits for its path and heading. */
export async function openMenuEntry(
  page: Page,
  lang: TestLang,
  entry: { group: string; link: string; path: string; heading: string },
): Promise<void> {
  const nav = await visible(page.getByRole("navigation", { name: LABELS[lang].mainMenu, exact: true }));
  const group = nav.getByRole("button", { name: entry.group, exact: true });
  // A click that a call's overlay took (it covers the page while any call runs) left the group
  // closed: the group is opened again until it says it is.
  for (let attempt = 1; (await group.getAttribute("aria-expanded")) !== "true"; attempt++) {
    if (attempt > 3) throw new Error(`menu group "${entry.group}" did not open`);
    await screenReady(page);
    await group.click();
  }
  await nav.getByRole("link", { name: entry.link, exact: true }).click();
  await onPath(page, entry.path);
  await visible(heading(page, entry.heading));
  // The panel closes over the new screen and the focus waits on its group's button.
  expect(await group.getAttribute("aria-expanded")).toBe("false");
  expect(await hasFocus(group)).toBe(true);
}

/** Opens /login, logs in and waits until the app has left the login screen. */
export async function loginAs(
  page: Page,
  app: ConsoleUnderTest,
  lang: TestLang,
  account: Account,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(app.at("/login"));
  await visible(heading(page, LABELS[lang].loginHeading));
  await fillLogin(page, lang, account, password);
  const response = await submitLogin(page, lang);
  if (!response.ok())
    throw new Error(`login as ${account.email} answered ${response.status()}: ${await response.text()}`);
  try {
    await page.waitForURL((url) => url.pathname !== "/v3/login", { timeout: 15_000 });
    await visible(page.getByRole("navigation", { name: LABELS[lang].mainMenu, exact: true }));
    await screenReady(page);
  } catch (error) {
    const shown = (
      await page
        .locator("body")
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (what is shown)
        .innerText()
        .catch(() => "")
    ).replace(/\s*\n\s*/g, " | ");
    throw new Error(
      `login as ${account.email} succeeded (HTTP ${response.status()}) but the app did not open a screen ` +
        `with the main menu and a level-one heading; it shows ${pathOf(page)}: "${shown.slice(0, 400)}" (${(error as Error).message.split("\n")[0]})`,
    );
  }
}

/** The text of a numbered message in the page's language. */
export const messageNo = (lang: TestLang, no: keyof typeof en.no): string => MESSAGES[lang].no[no];

/** Any visible element that contains the text (notifications join the code and the message). */
export const textOnPage = (page: Page, text: string) => page.getByText(text, { exact: false });

/** The session cookie and anti-forgery token the browser holds now. */
export async function sessionCredentials(context: BrowserContext, page: Page) {
  const cookies = await context.cookies();
  const sid = cookies.find((cookie) => cookie.name === "sid");
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem("fraudConsole");
    return raw ? (JSON.parse(raw) as { loginToken?: string }).loginToken : undefined;
  });
  if (!sid || !token)
    throw new Error(`no session in the browser (sid ${Boolean(sid)}, token ${Boolean(token)})`);
  return { sid: sid.value, token };
}

/** Calls sessionInfo from outside the browser with the given credentials; returns status and body. */
export async function callSessionInfo(app: ConsoleUnderTest, credentials: { sid: string; token: string }) {
  const response = await fetch(`${app.url}/api/v3/screen/sessionInfo`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `sid=${credentials.sid}` },
    body: JSON.stringify({
      header: { lang: "en", tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
      info: { token: credentials.token, shopId: "DEMO" },
      telegram: {},
    }),
  });
  return { status: response.status, body: (await response.json()) as { errors: { code: string }[] } };
}

/** The text of the elements that describe an input (its message). */
export const descriptionOf = (input: Locator) =>
  input.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
