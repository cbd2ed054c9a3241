import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Issue 40: src/server/lists owns the negative, white and keyword tables. Nothing else in src/server
 * writes them (a writer elsewhere could forget the engine's match keys), and only the readers named
 * here read them directly (each a subquery of a larger query of its own screen).
 */
const root = fileURLToPath(new URL("../../..", import.meta.url));
const LIST_TABLES = ["negatives", "negative_keys", "white_entries", "keywords", "keyword_categories"];
const OWNER = "src/server/lists/";
const EXEMPT = ["src/server/db/migrations/", "src/server/db/schema.ts"];
/** Readers outside lists/, each with why. */
const KNOWN_READERS = new Set([
  // The event detail shows which parties the event registered, inside its one query.
  "src/server/services/eventDetail/readEventDetail.ts",
  // The keyword CSV upload checks the category names of its rows (the upload pipeline's own check).
  "src/server/uploads/keywordRows.ts",
]);

const tables = LIST_TABLES.join("|");
const WRITE = new RegExp(
  `(insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\\(\\s*["'\`](${tables})(\\s+as\\s+\\w+)?["'\`]|\\b(insert\\s+into|update|delete\\s+from|truncate|copy)\\s+(${tables})\\b`,
  "i",
);
const READ = new RegExp(
  `selectFrom\\(\\s*["'\`](${tables})(\\s+as\\s+\\w+)?["'\`]|\\b(from|join)\\s+(${tables})\\b`,
  "i",
);

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

function listTableUses(files: ReadonlyMap<string, string>) {
  const writers: string[] = [];
  const readers: string[] = [];
  for (const [file, text] of files) {
    if (file.startsWith(OWNER) || EXEMPT.some((prefix) => file.startsWith(prefix))) continue;
    if (WRITE.test(text)) writers.push(file);
    else if (READ.test(text) && !KNOWN_READERS.has(file)) readers.push(file);
  }
  return { writers, readers };
}

describe("the list tables belong to src/server/lists", () => {
  it("are written and read nowhere else in src/server (but by the known readers)", () => {
    const files = new Map(
      sources("src/server").map((file) => [file, readFileSync(path.join(root, file), "utf8")]),
    );
    expect(files.size).toBeGreaterThan(50);
    expect(listTableUses(files)).toEqual({ writers: [], readers: [] });
  });

  it("catches a planted writer and reader, in Kysely or in SQL", () => {
    const planted = new Map([
      ["src/server/services/a.ts", 'await db.insertInto("negatives").values(row).execute();'],
      ["src/server/services/b.ts", "await sql`delete from white_entries where company_id = $1`.execute(db);"],
      ["src/server/seed/c.ts", 'db.updateTable("keywords as k").set({})'],
      ["src/server/services/d.ts", 'db.selectFrom("negative_keys").selectAll()'],
      ["src/server/lists/e.ts", 'db.insertInto("negatives")'],
      ["src/server/services/f.ts", "select * from events where negatived"],
    ]);
    expect(listTableUses(planted)).toEqual({
      writers: ["src/server/services/a.ts", "src/server/services/b.ts", "src/server/seed/c.ts"],
      readers: ["src/server/services/d.ts"],
    });
  });
});
