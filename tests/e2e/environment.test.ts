import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEADER_COLOUR } from "../../src/contract/codes.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, TEST_LANGS, type TestBrowser } from "../support/browser.ts";
import { ACCOUNTS, type ConsoleUnderTest, LABELS, loginAs, startConsole, visible } from "./consoleHarness.ts";

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

// TST (green, with the marker) is checked in auth.test.ts; here the other two environments.
describe.each([
  { env: "PRD", colour: HEADER_COLOUR.PRD },
  { env: "DEV", colour: HEADER_COLOUR.other },
])("header of a $env console", ({ env, colour }) => {
  let browser: TestBrowser;
  let app: ConsoleUnderTest;

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchBrowser(), startConsole({ consoleEnv: env })]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each(TEST_LANGS)(`is ${colour} without the test-environment marker [%s]`, async (lang) => {
    const { context, page } = await browser.newPage(lang);
    try {
      await loginAs(page, app, lang, ACCOUNTS.admin);
      const banner = await visible(page.getByRole("banner"));
      expect(await banner.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb(colour));
      expect(await banner.getByText(LABELS[lang].testMarker, { exact: true }).count()).toBe(0);
      await expectNoAxeViolations(page, `first screen of a ${env} console`);
    } finally {
      await context.close();
    }
  });
});
