import type { ImportEdge, ImportGraph } from "./importGraph.ts";

/**
 * One layer's boundary (DESIGN.md "Tests", docs/architecture.md "Layers"): the files under `layer`
 * may import only what `allowed` admits, or anything but what `forbidden` names. Folders end in "/";
 * a package is named whole (`zod`) or by scope (`@date-fns/`).
 */
export interface LayerRule {
  readonly layer: string;
  readonly says: string;
  readonly allowed?: readonly string[];
  readonly forbidden?: readonly string[];
}

export const LAYER_RULES: readonly LayerRule[] = [
  {
    layer: "machines/",
    says: "machines import only xstate, src/contract and machines",
    allowed: ["xstate", "src/contract/", "machines/"],
  },
  {
    layer: "src/client/",
    says: "the API client imports neither machines nor the app",
    forbidden: ["machines/", "src/app/"],
  },
  { layer: "src/app/", says: "the app never imports the server", forbidden: ["src/server/"] },
  {
    layer: "src/contract/",
    says: "the contract imports only zod, date-fns and its own files",
    allowed: ["zod", "date-fns", "@date-fns/", "src/contract/"],
  },
  {
    layer: "src/server/routes/",
    says: "routes reach the database only through services",
    forbidden: ["src/server/db/"],
  },
  {
    layer: "src/server/services/",
    says: "services import neither routes, plugins nor the seed",
    forbidden: ["src/server/routes/", "src/server/plugins/", "src/server/seed/"],
  },
  {
    layer: "src/server/screening/",
    says: "the screening engine imports no services, routes or plugins",
    forbidden: ["src/server/services/", "src/server/routes/", "src/server/plugins/", "src/server/seed/"],
  },
  {
    layer: "src/server/lists/",
    says: "the lists (their match keys and writes) import no services, routes, plugins or seed",
    forbidden: ["src/server/services/", "src/server/routes/", "src/server/plugins/", "src/server/seed/"],
  },
  {
    layer: "src/server/db/",
    says: "the database layer imports nothing above it",
    forbidden: [
      "src/server/screening/",
      "src/server/services/",
      "src/server/routes/",
      "src/server/plugins/",
      "src/server/jobs/",
      "src/server/seed/",
    ],
  },
];

const names = (edge: ImportEdge, entry: string) =>
  entry.endsWith("/") ? edge.target.startsWith(entry) : edge.target === entry;

const crosses = (rule: LayerRule, edge: ImportEdge) =>
  rule.allowed !== undefined
    ? !rule.allowed.some((entry) => names(edge, entry))
    : (rule.forbidden ?? []).some((entry) => names(edge, entry));

/** Each import that crosses the rule's boundary, as "importer -> imported". */
export function layerViolations(graph: ImportGraph, rule: LayerRule): string[] {
  return [...graph].flatMap(([file, edges]) =>
    file.startsWith(rule.layer)
      ? edges.filter((edge) => crosses(rule, edge)).map((edge) => `${file} -> ${edge.target}`)
      : [],
  );
}

/** Relative specifiers that name no file: an edge the rules above would never see. */
export function unresolvedImports(graph: ImportGraph): string[] {
  return [...graph].flatMap(([file, edges]) =>
    edges.filter((edge) => !edge.resolved).map((edge) => `${file} -> ${edge.specifier}`),
  );
}
