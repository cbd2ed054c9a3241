import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's Chromium; never a downloaded one. CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const LOCALES = { en: "en-US", ja: "ja-JP" } as const;
export type TestLang = keyof typeof LOCALES;
export const TEST_LANGS: TestLang[] = ["en", "ja"];

export interface TestBrowser {
  browser: Browser;
  /** A fresh context (cookies, storage) whose navigator.language follows the language. */
  newPage(lang: TestLang): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Fails loudly (never skips) when the browser is missing: e2e tests need it. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it (apt-get install chromium fonts-noto-cjk) or set CHROMIUM_PATH.`,
    );
  }
}

/**
 * Launches Chromium with the flags that work on this machine. Playwright gives every launch a fresh
 * temporary profile (it refuses an explicit --user-data-dir) and deletes it on close.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  assertChromium();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    timeout: 60_000,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const contexts = new Set<BrowserContext>();
  return {
    browser,
    async newPage(lang) {
      const context = await browser.newContext({
        locale: LOCALES[lang],
        // The console shows Japan time whatever the browser's zone: English runs far from Japan.
        timezoneId: lang === "en" ? "America/New_York" : "Asia/Tokyo",
        viewport: { width: 1280, height: 900 },
      });
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(30_000);
      contexts.add(context);
      context.on("close", () => contexts.delete(context));
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
    },
  };
}
