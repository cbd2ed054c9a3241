import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DIAGRAM_DIR, machineDocuments } from "../../machines/diagram/machineDocument.ts";

// `npm run diagrams`: rewrites docs/machines/<name>.md for every registered machine and removes pages
// of machines that no longer exist, so the folder always matches the registry.
const root = join(import.meta.dirname, "..", "..");
const documents = machineDocuments();
mkdirSync(join(root, DIAGRAM_DIR), { recursive: true });
for (const document of documents) {
  writeFileSync(join(root, document.path), document.content);
  console.log(`wrote ${document.path}`);
}
const current = new Set(documents.map((document) => document.path));
for (const file of readdirSync(join(root, DIAGRAM_DIR))) {
  const path = `${DIAGRAM_DIR}/${file}`;
  if (file.endsWith(".md") && !current.has(path)) {
    rmSync(join(root, path));
    console.log(`removed ${path}`);
  }
}
