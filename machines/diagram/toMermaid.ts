import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";

/**
 * A machine's chart as a Mermaid `stateDiagram-v2`, read from `machine.root`: states (nested as
 * composites, with their invoked actors and tags), initial states, every transition with its event,
 * guard and actions (delayed ones with their delay in ms, `always`, invoke done/error), final states.
 * Transitions declared on the root (any state) start from an "any state" node.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ["stateDiagram-v2"];
  const root = machine.root;
  const anyStateId = "anyState";
  if (transitionsOf(root).length > 0) lines.push(`  state "any state" as ${anyStateId}`);
  lines.push(...declareChildren(root, 1));
  const nodes = descendants(root);
  for (const node of [root, ...nodes]) {
    for (const t of transitionsOf(node)) {
      const source = node === root ? anyStateId : mermaidId(node);
      const targets = t.target && t.target.length > 0 ? t.target : [node];
      for (const target of targets) {
        const to = target === root ? anyStateId : mermaidId(target);
        lines.push(`  ${source} --> ${to}: ${label(machine, t)}`);
      }
    }
    if (node.type === "final") lines.push(`  ${mermaidId(node)} --> [*]`);
  }
  return `${lines.join("\n")}\n`;
}

const mermaidId = (node: AnyStateNode): string => node.path.join("_");

const indent = (depth: number) => "  ".repeat(depth);

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function declareChildren(parent: AnyStateNode, depth: number): string[] {
  const children = Object.values(parent.states);
  if (children.length === 0) return [];
  const lines: string[] = [];
  const initial = parent.initial?.target[0];
  if (initial) lines.push(`${indent(depth)}[*] --> ${mermaidId(initial)}`);
  for (const child of children) {
    const id = mermaidId(child);
    if (id !== child.key) lines.push(`${indent(depth)}state "${child.key}" as ${id}`);
    for (const note of describe(child)) lines.push(`${indent(depth)}${id}: ${note}`);
    if (Object.keys(child.states).length > 0) {
      lines.push(`${indent(depth)}state ${id} {`, ...declareChildren(child, depth + 1), `${indent(depth)}}`);
    }
  }
  return lines;
}

/** What a state does while active: the actors it invokes and its tags. */
function describe(node: AnyStateNode): string[] {
  const invoked = node.invoke.map(
    (invoke) => `invoke ${typeof invoke.src === "string" ? invoke.src : invoke.id}`,
  );
  const tags = [...node.tags].map((tag) => `tag ${tag}`);
  return [...invoked, ...tags];
}

function eventLabel(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const type = t.eventType;
  if (type === "") return "always";
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `done ${done[1]}`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (failed) return `error ${failed[1]}`;
  if (type.startsWith("xstate.after.")) {
    const delay: unknown = "delay" in t ? t.delay : undefined;
    const ms = typeof delay === "string" ? machine.implementations.delays[delay] : delay;
    const name = typeof delay === "string" ? `${delay} ` : "";
    return typeof ms === "number" ? `after ${name}${ms} ms` : `after ${name}`.trim();
  }
  return type;
}

function nameOf(item: unknown): string | undefined {
  if (typeof item === "string") return item;
  if (typeof item === "object" && item !== null && "type" in item && typeof item.type === "string") {
    return item.type;
  }
  if (typeof item === "function") {
    const type: unknown = "type" in item ? item.type : undefined;
    return typeof type === "string" ? type : "inline";
  }
  return undefined;
}

/** The parts of a composite guard (xstate's `and`, `or`, `not`), each a guard of its own. */
const partsOf = (guard: object): unknown[] =>
  "guards" in guard && Array.isArray(guard.guards) ? guard.guards : [];

/**
 * A guard as the chart reads it: its name, or for xstate's higher-order guards the names they
 * combine (`a and not b`, `in {"holding":...}`), so no composite prints as an unnamed inline.
 */
function guardName(guard: unknown, nested = false): string {
  if (typeof guard !== "function") return nameOf(guard) ?? "guard";
  const parts = partsOf(guard).map((part) => guardName(part, true));
  const wrap = (text: string) => (nested ? `(${text})` : text);
  switch (guard.name) {
    case "and":
      return wrap(parts.join(" and "));
    case "or":
      return wrap(parts.join(" or "));
    case "not":
      return `not ${parts[0] ?? "guard"}`;
    case "stateIn":
      return `in ${JSON.stringify("stateValue" in guard ? guard.stateValue : null)}`;
    default:
      return nameOf(guard) ?? "inline";
  }
}

function label(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const guard = t.guard === undefined ? "" : ` [${guardName(t.guard)}]`;
  const actions = t.actions.map(nameOf).filter((name) => name !== undefined);
  return `${eventLabel(machine, t)}${guard}${actions.length > 0 ? ` / ${actions.join(", ")}` : ""}`;
}
