import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADER_COLOUR } from "../../src/contract/codes.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, TEST_LANGS, type TestBrowser } from "../support/browser.ts";
import {
  ACCOUNTS,
  type ConsoleUnderTest,
  heading,
  LABELS,
  loginAs,
  startConsole,
  visible,
} from "./consoleHarness.ts";

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

const FAQ_URL = "https://faq.example.com/console";
/** The FAQ link's name: its label, then that it opens a new tab (menu.test.ts checks the whole of it). */
const FAQ_NAME = /^FAQ\b/;

// The server writes CONSOLE_ENV (and FAQ_URL) into index.html, so the public pages show the right
// header before anyone has logged in, in a browser that never has; the login answer keeps it.
describe.each([
  { env: "TST", colour: HEADER_COLOUR.TST, marker: true, faqUrl: undefined },
  { env: "PRD", colour: HEADER_COLOUR.PRD, marker: false, faqUrl: FAQ_URL },
  { env: "DEV", colour: HEADER_COLOUR.other, marker: false, faqUrl: undefined },
])("header of a $env console", ({ env, colour, marker, faqUrl }) => {
  let browser: TestBrowser;
  let app: ConsoleUnderTest;

  beforeAll(async () => {
    [browser, app] = await Promise.all([
      launchBrowser(),
      startConsole({ consoleEnv: env, ...(faqUrl ? { env: { FAQ_URL: faqUrl } } : {}) }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each(TEST_LANGS)(
    `is ${colour} on the login page before any login, ${marker ? "with" : "without"} the test marker [%s]`,
    async (lang) => {
      const { context, page } = await browser.newPage(lang);
      try {
        await page.goto(app.at("/login"));
        await visible(heading(page, LABELS[lang].loginHeading));
        const banner = await visible(page.getByRole("banner"));
        expect(await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
          rgb(colour),
        );
        expect(await banner.getByText(LABELS[lang].testMarker, { exact: true }).count()).toBe(marker ? 1 : 0);
        // The FAQ link: only with FAQ_URL set, only in Japanese (spec section 2), never an invented address.
        const faq = banner.getByRole("link", { name: FAQ_NAME });
        if (faqUrl && lang === "ja") expect(await (await visible(faq)).getAttribute("href")).toBe(faqUrl);
        else expect(await faq.count()).toBe(0);
        await expectNoAxeViolations(page, `login page of a ${env} console`);
      } finally {
        await context.close();
      }
    },
  );

  it.each(TEST_LANGS)(`stays ${colour} after a login [%s]`, async (lang) => {
    const { context, page } = await browser.newPage(lang);
    try {
      await loginAs(page, app, lang, ACCOUNTS.admin);
      const banner = await visible(page.getByRole("banner"));
      expect(await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(colour));
      expect(await banner.getByText(LABELS[lang].testMarker, { exact: true }).count()).toBe(marker ? 1 : 0);
      await expectNoAxeViolations(page, `first screen of a ${env} console`);
    } finally {
      await context.close();
    }
  });
});
