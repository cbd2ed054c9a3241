import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMachine } from "xstate";
import { DIAGRAM_DIR, machineDocuments } from "../../machines/diagram/machineDocument.ts";
import { toMermaid } from "../../machines/diagram/toMermaid.ts";

const root = join(import.meta.dirname, "..", "..");

describe("machine diagrams", () => {
  for (const document of machineDocuments()) {
    it(`${document.path} matches its machine (run npm run diagrams)`, () => {
      const path = join(root, document.path);
      expect(existsSync(path), `${document.path} is missing`).toBe(true);
      expect(readFileSync(path, "utf8")).toBe(document.content);
    });
  }

  it("has no page for a machine that is not registered", () => {
    const expected = machineDocuments().map((document) => document.path.slice(DIAGRAM_DIR.length + 1));
    const pages = readdirSync(join(root, DIAGRAM_DIR)).filter((file) => file.endsWith(".md"));
    expect(pages.sort()).toEqual(expected.sort());
  });

  it("draws nested, guarded, delayed, always and final transitions", () => {
    const machine = createMachine({
      id: "sample",
      initial: "a",
      states: {
        a: {
          initial: "inner",
          states: { inner: { on: { go: { target: "#sample.b", guard: "ready", actions: "log" } } } },
        },
        b: { after: { 20: "c" } },
        c: { always: "done" },
        done: { type: "final" },
      },
    });
    expect(toMermaid(machine)).toBe(
      [
        "stateDiagram-v2",
        "  [*] --> a",
        "  state a {",
        "    [*] --> a_inner",
        '    state "inner" as a_inner',
        "  }",
        "  a_inner --> b: go [ready] / log",
        "  b --> c: after 20 ms",
        "  c --> done: always",
        "  done --> [*]",
        "",
      ].join("\n"),
    );
  });
});
