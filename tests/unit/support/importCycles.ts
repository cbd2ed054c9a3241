import type { ImportGraph } from "./importGraph.ts";

/** Files that import each other in a ring, directly or through one another. */
export interface ImportCycle {
  /** Every file of the tangle (a strongly connected component), sorted. */
  readonly files: readonly string[];
  /** One shortest ring through the first file, to start untangling from: a -> b -> a. */
  readonly ring: readonly string[];
}

function edgesWithin(graph: ImportGraph, folder: string): Map<string, string[]> {
  const inside = (file: string) => file.startsWith(folder) && graph.has(file);
  return new Map(
    [...graph.keys()]
      .filter(inside)
      .map((file) => [file, [...new Set((graph.get(file) ?? []).map((edge) => edge.target).filter(inside))]]),
  );
}

/** Tarjan's strongly connected components: each a set of files that all reach one another. */
function tangles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file) ?? 0, lowLink.get(next) ?? 0));
      } else if (onStack.has(next)) {
        lowLink.set(file, Math.min(lowLink.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    found.push(component);
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** The files from `start` to `file` as breadth-first search reached them, then back to `start`. */
function ringEndingAt(start: string, file: string, cameFrom: ReadonlyMap<string, string>): string[] {
  const ring = [file];
  for (let step = file; step !== start; ) {
    const previous = cameFrom.get(step);
    if (previous === undefined) break;
    ring.unshift(previous);
    step = previous;
  }
  return [...ring, start];
}

/** A shortest ring from `start` back to itself within the tangle (breadth first). */
function ringThrough(
  start: string,
  members: ReadonlySet<string>,
  edges: ReadonlyMap<string, readonly string[]>,
): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const file of queue) {
    for (const next of edges.get(file) ?? []) {
      if (next === start) return ringEndingAt(start, file, cameFrom);
      if (members.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Every import cycle among the files under `folder` (a file importing itself counts). */
export function importCycles(graph: ImportGraph, folder: string): ImportCycle[] {
  const edges = edgesWithin(graph, folder);
  return tangles(edges)
    .filter(
      ([only, ...others]) => others.length > 0 || (only !== undefined && edges.get(only)?.includes(only)),
    )
    .map((component) => {
      const files = [...component].sort();
      const first = files[0] ?? "";
      return { files, ring: ringThrough(first, new Set(files), edges) };
    })
    .sort((a, b) => (a.files[0] ?? "").localeCompare(b.files[0] ?? ""));
}
