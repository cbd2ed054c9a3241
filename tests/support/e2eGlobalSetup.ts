import { spawnSync } from "node:child_process";
import { assertChromium } from "./browser.ts";
import { buildIfStale } from "./buildIfStale.ts";
import { ensurePgliteTemplate } from "./testDatabase.ts";

/** Japanese must render as text, not tofu: the Noto CJK fonts must be installed. */
function assertJapaneseFont(): void {
  const probe = spawnSync("fc-list", [":lang=ja", "family"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0 || probe.stdout.trim() === "") {
    throw new Error("No Japanese font found (fc-list :lang=ja). Install fonts-noto-cjk for the e2e tests.");
  }
}

/**
 * Once before the e2e files: the browser and fonts must be present (missing ones fail the run, they
 * never skip it), the SPA (and the server bundle) are built when stale and the PGlite template is ready to copy.
 */
export default async function setup(): Promise<void> {
  assertChromium();
  assertJapaneseFont();
  await buildIfStale();
  await ensurePgliteTemplate();
}
