import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/** The violations as a readable list: rule, impact, help, and each offending node with its fix summary. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const summary = (n.failureSummary ?? "").replace(/\s*\n\s*/g, " | ");
          return `    - ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n      ${summary}`;
        })
        .join("\n");
      return `  * ${v.id} (${v.impact ?? "n/a"}): ${v.help}\n${nodes}`;
    })
    .join("\n");
}

/**
 * Runs axe-core's default rule set (WCAG 2.x A/AA plus best practices) on the page as it is now and
 * throws with the list of violations when there is any.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern
  // (an inline <script> tag would be refused by script-src 'self').
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  })) as AxeViolation[];
  if (violations.length > 0) {
    throw new Error(
      `axe-core found ${violations.length} violation(s) on ${screen} (${page.url()}):\n${formatViolations(violations)}`,
    );
  }
}
