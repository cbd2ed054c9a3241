/**
 * Event list rendering benchmark (part of `npm run bench`, or alone: `npx tsx tests/bench/eventListRender.ts`):
 * the built SPA against the real server on a copy of the demo database (600 DEMO events), in
 * Chromium. Each sample is one search from the list's form, measured as the renderer's script time
 * (CDP Performance.getMetrics ScriptDuration, before the Enter and after the screen shows it):
 *   - the default search answering a page of 200 rows (the virtualised table with its total and
 *     selection bar), target <= 50 ms;
 *   - baseline: a search answering 676, i.e. the screen showing its empty state.
 * Both include the same envelope, JSON, machine and form work, so the ratio is the table's own cost.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CDPSession, Page } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { buildIfStale } from "../support/buildIfStale.ts";
import { startServerProcess } from "../support/serverProcess.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import type { BenchRow } from "./screening.ts";

const SAMPLES = Number(process.env.BENCH_RENDER_SAMPLES ?? 15);
const TARGET_MS = 50;
const NO_MATCH = "NO-SUCH-EVENT-BENCH";

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

async function scriptSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((metric) => metric.name === "ScriptDuration")?.value ?? 0;
}

async function login(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/v3/login`);
  await page.getByRole("textbox", { name: "Company ID", exact: true }).fill("DEMO");
  await page.getByRole("textbox", { name: "E-mail address", exact: true }).fill("admin@demo.example");
  await page.getByLabel("Password", { exact: true }).fill("Demo-2026!pass");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((target) => target.pathname === "/v3/EventList", { timeout: 30_000 });
  await page.locator("tbody tr[data-index]").first().waitFor({ timeout: 30_000 });
}

// In-page code as text: the bundler's helpers (tsx names inner functions) do not exist in the page.
const submitAndAwaitAnswer = `(expectRows) => new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[aria-busy="true"]')) return;
    const shown = document.querySelector("tbody tr[data-index]") !== null;
    const empty = !shown && document.querySelector('[role="status"].rt-CalloutRoot') !== null;
    if (expectRows ? !shown : !empty) return;
    observer.disconnect();
    resolve();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  document.querySelector("form.event-search-form").requestSubmit();
})`;

/**
 * Searches `q` and returns the script time (ms) until the screen shows the answer. The form is
 * submitted from inside the page and a MutationObserver notices the answer, so no polling from
 * outside adds script time to the sample.
 */
async function timedSearch(page: Page, cdp: CDPSession, q: string, rows: boolean): Promise<number> {
  await page.getByRole("textbox", { name: "Search values", exact: true }).fill(q);
  const before = await scriptSeconds(cdp);
  await page.evaluate(`(${submitAndAwaitAnswer})(${JSON.stringify(rows)})`);
  return ((await scriptSeconds(cdp)) - before) * 1000;
}

export async function eventListRenderBenchmark(): Promise<BenchRow[]> {
  await buildIfStale();
  const dataDir = await freshDataDir();
  const server = await startServerProcess({ dataDir, consoleEnv: "DEV" });
  const browser = await launchBrowser();
  try {
    const { context, page } = await browser.newPage("en");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await login(page, server.url);
    const rendered = await page.locator("tbody tr[data-index]").count();
    const shownTotal = await page.getByText(/^[\d,]+ events$/).textContent();

    const full: number[] = [];
    const empty: number[] = [];
    // One warm-up pair (chunks, JIT), then alternating samples so each search changes the screen.
    for (let i = -1; i < SAMPLES; i++) {
      const baseline = await timedSearch(page, cdp, NO_MATCH, false);
      const measured = await timedSearch(page, cdp, "", true);
      if (i >= 0) {
        empty.push(baseline);
        full.push(measured);
      }
    }
    const value = median(full);
    const base = median(empty);
    console.log(
      `(g) event list render: a page of 200 (${shownTotal}; ${rendered} rows in the DOM, virtualised) ` +
        `median ${value.toFixed(1)} ms script over ${SAMPLES} searches, empty screen ${base.toFixed(1)} ms, ` +
        `ratio ${(value / Math.max(base, 0.001)).toFixed(2)}x, target <= ${TARGET_MS} ms`,
    );
    return [
      {
        metric: "(g) event list: render a page of 200 rows (script, median)",
        value: `${value.toFixed(1)} ms`,
        baseline: `${base.toFixed(1)} ms (676 empty screen)`,
        ratio: `${(value / Math.max(base, 0.001)).toFixed(2)}x`,
        target: `<= ${TARGET_MS} ms`,
        verdict: value <= TARGET_MS ? "ok" : "OVER",
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    await removeDataDir(dataDir);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await eventListRenderBenchmark();
  for (const row of rows) console.log(row);
  process.exit(0);
}
