import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/serverProcess.ts";
import { type ConsoleUnderTest, startConsole } from "./consoleHarness.ts";

const run = promisify(execFile);
/** The address docs/api.md's scripts call: a local `npm start`. */
const DOCUMENTED_BASE = "BASE=http://127.0.0.1:8080";

/** The ```sh blocks of docs/api.md under a "Trying it with curl" heading, in order. */
async function curlScripts(): Promise<string[]> {
  const doc = await readFile(path.join(REPO_ROOT, "docs/api.md"), "utf8");
  const sections = doc.split(/^## /m).filter((section) => section.startsWith("Trying it with curl"));
  return sections.map((section) => {
    const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
    if (!script) throw new Error("a curl section without a sh block");
    return script;
  });
}

/** The JSON values a script printed one after another (curl -s adds no line end between answers). */
function jsonValues(output: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < output.length; i++) {
    const char = output[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"' && depth > 0) inString = true;
    else if (char === "{" || char === "[") {
      if (depth === 0) start = i;
      depth++;
    } else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) values.push(JSON.parse(output.slice(start, i + 1)));
    }
  }
  return values;
}

/** Runs a documented script as a reader would (bash, curl, jq, openssl), against the server under test. */
async function runScript(app: ConsoleUnderTest, script: string): Promise<unknown[]> {
  expect(script).toContain(DOCUMENTED_BASE);
  const cwd = await mkdtemp(path.join(tmpdir(), "api-doc-"));
  try {
    const { stdout } = await run(
      "bash",
      ["-euo", "pipefail", "-c", script.replace(DOCUMENTED_BASE, `BASE=${app.url}`)],
      { cwd, timeout: 60_000 },
    );
    return jsonValues(stdout);
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

type Answer = { telegram?: Record<string, unknown>; errors?: unknown[] } & Record<string, unknown>;

describe("docs/api.md: the curl examples run as written against the demo data", () => {
  let app: ConsoleUnderTest;
  beforeAll(async () => {
    app = await startConsole();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("documents two scripts: the console calls and the screening API", async () => {
    expect(await curlScripts()).toHaveLength(2);
  });

  it("console calls: sessionInfo, screenPermissionList, passwordChangeRequest and logout answer without errors", async () => {
    const [script] = await curlScripts();
    const answers = (await runScript(app, script as string)) as Answer[];
    expect(answers).toHaveLength(4);
    for (const answer of answers) expect(answer.errors ?? []).toEqual([]);
    const [session, permissions] = answers as [Answer, Answer];
    expect(session.telegram).toMatchObject({ loginOperator: { companyId: "DEMO" } });
    expect(JSON.stringify(permissions.telegram)).toContain("EventList");
  });

  it("screening API: screen, its repeat (duplicate, same event), settle status, result and the OpenAPI paths", async () => {
    const [, script] = await curlScripts();
    const answers = (await runScript(app, script as string)) as Answer[];
    expect(answers).toHaveLength(5);
    const [first, repeat, settle, result, paths] = answers as [Answer, Answer, Answer, Answer, string[]];
    for (const answer of [first, repeat, settle, result]) expect(answer.errors ?? []).toEqual([]);
    expect(first.telegram?.eventId).toEqual(expect.any(String));
    expect(first.telegram?.aaresult).toMatch(/^(OK|NG|HOLD|REVIEW)$/);
    expect(repeat.telegram).toMatchObject({ eventId: first.telegram?.eventId, duplicate: true });
    expect(result.telegram).toMatchObject({ eventId: first.telegram?.eventId, settleStatus: "20" });
    expect(paths).toContain("/api/v3/screening/screen");
  });
});
