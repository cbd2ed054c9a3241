import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MACHINES } from "../../machines/index.ts";
import {
  findMachine,
  PATHS_DIR,
  pathDocuments,
  pathsJson,
  pathsMarkdown,
  scenariosOf,
} from "../../tests/machines/support/pathDocuments.ts";

// `npm run paths -- [machine ...] [--json] [--write]`: each machine's generated paths as numbered
// scenarios a QA person performs by hand (every machine when none is named; `manualScreening` or
// `manualScreeningMachine`). --json prints them as data; --write rewrites docs/machines/paths/.
const root = join(import.meta.dirname, "..", "..");
const args = process.argv.slice(2);
const names = args.filter((arg) => !arg.startsWith("--"));
const unknownFlags = args.filter((arg) => arg.startsWith("--") && arg !== "--json" && arg !== "--write");

if (unknownFlags.length > 0) {
  console.error(`unknown option ${unknownFlags.join(", ")} (use --json or --write)`);
  process.exit(2);
}

if (args.includes("--write")) {
  const documents = pathDocuments();
  mkdirSync(join(root, PATHS_DIR), { recursive: true });
  for (const document of documents) {
    writeFileSync(join(root, document.path), document.content);
    console.log(`wrote ${document.path}`);
  }
  const current = new Set(documents.map((document) => document.path));
  for (const file of readdirSync(join(root, PATHS_DIR))) {
    if (file.endsWith(".md") && !current.has(`${PATHS_DIR}/${file}`)) {
      rmSync(join(root, PATHS_DIR, file));
      console.log(`removed ${PATHS_DIR}/${file}`);
    }
  }
  process.exit(0);
}

const entries = names.length === 0 ? [...MACHINES] : names.map((name) => findMachine(name));
const missing = names.filter((_, index) => entries[index] === undefined);
if (missing.length > 0) {
  console.error(`no machine named ${missing.join(", ")}; known: ${MACHINES.map((m) => m.name).join(", ")}`);
  process.exit(2);
}
const found = entries.filter((entry) => entry !== undefined);
if (args.includes("--json")) {
  const data = found.map((entry) => pathsJson(entry, scenariosOf(entry)));
  console.log(JSON.stringify(names.length === 1 ? data[0] : data, null, 2));
} else {
  console.log(found.map((entry) => pathsMarkdown(entry, scenariosOf(entry))).join("\n"));
}
