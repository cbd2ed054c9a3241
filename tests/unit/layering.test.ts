import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importCycles } from "./support/importCycles.ts";
import { importGraphOf, readImportGraph } from "./support/importGraph.ts";
import { LAYER_RULES, layerViolations, unresolvedImports } from "./support/layerRules.ts";

// The layers of docs/architecture.md, checked on every import (type-only and dynamic ones too).
const root = fileURLToPath(new URL("../..", import.meta.url));
const graph = readImportGraph(root, ["machines", "src"]);

describe("the import graph of machines/ and src/", () => {
  it("reads every module and follows every relative import", () => {
    expect(graph.get("src/client/api.ts")?.some((edge) => edge.target.startsWith("src/contract/"))).toBe(
      true,
    );
    expect(graph.has("src/app/main.tsx")).toBe(true);
    expect(unresolvedImports(graph)).toEqual([]);
  });

  it.each(LAYER_RULES)("$says", (rule) => {
    expect(layerViolations(graph, rule)).toEqual([]);
  });

  it("has no import cycle in src/server", () => {
    expect(importCycles(graph, "src/server/")).toEqual([]);
  });

  it("has no import cycle in src/app", () => {
    expect(importCycles(graph, "src/app/")).toEqual([]);
  });
});

describe("the layering check", () => {
  const planted = importGraphOf(
    new Map([
      [
        "machines/event/plantedMachine.ts",
        'import { setup } from "xstate";\nimport { x } from "../../src/app/x.ts";',
      ],
      ["machines/event/typeOnly.ts", 'import type { Y } from "../../src/client/api.ts";'],
      ["src/app/x.ts", 'export const x = () => import("./y.tsx");'],
      ["src/app/y.tsx", 'export { z } from "./z.ts";'],
      ["src/app/z.ts", 'import "./x.ts";\nexport const z = 1;'],
      ["src/app/leaf.ts", 'import { x } from "./x.ts";'],
      ["src/server/selfImport.ts", 'export * from "./selfImport.ts";'],
      [
        "src/contract/planted.ts",
        'import { z } from "zod";\nimport { format } from "date-fns/format";\nimport ky from "ky";',
      ],
      ["src/client/api.ts", 'import { x } from "./missing.ts";'],
      ["src/server/routes/planted.ts", 'import type { Database } from "../db/schema.ts";'],
      ["src/server/db/schema.ts", "export interface Database {}"],
    ]),
  );
  const rule = (layer: string) => {
    const found = LAYER_RULES.find((candidate) => candidate.layer === layer);
    if (found === undefined) throw new Error(`no layer rule for ${layer}`);
    return found;
  };

  it("finds a planted back-edge, type-only imports included", () => {
    expect(layerViolations(planted, rule("machines/"))).toEqual([
      "machines/event/plantedMachine.ts -> src/app/x.ts",
      "machines/event/typeOnly.ts -> src/client/api.ts",
    ]);
    expect(layerViolations(planted, rule("src/contract/"))).toEqual(["src/contract/planted.ts -> ky"]);
    expect(layerViolations(planted, rule("src/server/routes/"))).toEqual([
      "src/server/routes/planted.ts -> src/server/db/schema.ts",
    ]);
  });

  it("finds a planted cycle through dynamic import and re-export, and a file importing itself", () => {
    expect(importCycles(planted, "src/app/")).toEqual([
      {
        files: ["src/app/x.ts", "src/app/y.tsx", "src/app/z.ts"],
        ring: ["src/app/x.ts", "src/app/y.tsx", "src/app/z.ts", "src/app/x.ts"],
      },
    ]);
    expect(importCycles(planted, "src/server/")).toEqual([
      { files: ["src/server/selfImport.ts"], ring: ["src/server/selfImport.ts", "src/server/selfImport.ts"] },
    ]);
  });

  it("reports a relative import that names no file", () => {
    expect(unresolvedImports(planted)).toEqual(["src/client/api.ts -> ./missing.ts"]);
  });
});
