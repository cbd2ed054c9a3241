import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";

/** Every state node of a machine, the root included, depth first. */
export function stateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(stateNodes)];
}

const describeTargets = (t: AnyTransitionDefinition): string =>
  t.target?.map((target) => target.id).join(",") ?? "(stay)";

/**
 * A transition's identity that survives `machine.provide()` (which rebuilds the state nodes): source,
 * event, position among that event's transitions (guarded alternatives), target.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const siblings = t.eventType === "" ? t.source.always : t.source.transitions.get(t.eventType);
  const index = siblings?.indexOf(t) ?? -1;
  return `${t.source.id} --${t.eventType || "always"}[${index}]--> ${describeTargets(t)}`;
}

export function allStateIds(machine: AnyStateMachine): string[] {
  return stateNodes(machine.root).map((node) => node.id);
}

export function allTransitionKeys(machine: AnyStateMachine): string[] {
  return stateNodes(machine.root).flatMap((node) => [
    ...[...node.transitions.values()].flat().map(transitionKey),
    ...(node.always ?? []).map(transitionKey),
  ]);
}

/** What a set of replays never reached: empty lists mean every state and transition was walked. */
export function unwalked(
  machine: AnyStateMachine,
  walked: { stateIds: ReadonlySet<string>; transitions: ReadonlySet<string> },
) {
  return {
    states: allStateIds(machine).filter((id) => !walked.stateIds.has(id)),
    transitions: allTransitionKeys(machine).filter((key) => !walked.transitions.has(key)),
  };
}
