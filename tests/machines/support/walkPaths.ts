import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  initialTransition,
  transition,
} from "xstate";
import { getAdjacencyMap, getShortestPaths, type TraversalOptions } from "xstate/graph";
import type { MachineWalk, WalkPath, WalkStep } from "./walkTypes.ts";

const DONE_PREFIX = "xstate.done.actor.";
const ERROR_PREFIX = "xstate.error.actor.";

const ownEventTypes = (snapshot: AnyMachineSnapshot): string[] => [
  ...new Set(snapshot._nodes.flatMap((node) => node.ownEvents)),
];

/**
 * The events the graph may take from a snapshot: the fixtures of every event the active states
 * declare, every output and failure of an invoked actor, and the bare delayed events. A declared
 * event without a fixture throws, rather than letting XState substitute a bare `{ type }`.
 */
export function traversalEvents(walk: MachineWalk<AnyStateMachine>) {
  const eventFixtures: Record<string, unknown> = walk.events;
  const outputs: Record<string, readonly unknown[]> = walk.outputs;
  const failures: Record<string, readonly Error[]> = walk.failures;
  return (snapshot: AnyMachineSnapshot): EventObject[] =>
    ownEventTypes(snapshot).flatMap((type): EventObject[] => {
      if (type.startsWith(DONE_PREFIX)) {
        const fixtures = outputs[type.slice(DONE_PREFIX.length)];
        if (!fixtures) throw new Error(`no output fixtures for ${type}`);
        return fixtures.map((output) => ({ type, output }));
      }
      if (type.startsWith(ERROR_PREFIX)) {
        const fixtures = failures[type.slice(ERROR_PREFIX.length)];
        if (!fixtures) throw new Error(`no failure fixtures for ${type}`);
        return fixtures.map((error) => ({ type, error }));
      }
      if (type.startsWith("xstate.after.")) return [{ type }];
      const fixture = eventFixtures[type];
      if (fixture === undefined) throw new Error(`no event fixture for ${type}`);
      const events = typeof fixture === "function" ? fixture(snapshot) : fixture;
      if (!Array.isArray(events)) throw new Error(`event fixture for ${type} is not a list`);
      return events;
    });
}

/** A graph vertex is a state value with its whole context: the fixtures keep both finite. */
const serialize = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

function traversalOptions(
  walk: MachineWalk<AnyStateMachine>,
): TraversalOptions<AnyMachineSnapshot, EventObject, unknown> {
  return {
    events: traversalEvents(walk),
    serializeState: serialize,
    ...(walk.filterEvents ? { filterEvents: walk.filterEvents } : {}),
    ...(walk.input === undefined ? {} : { input: walk.input }),
    limit: 10_000,
  };
}

const toStep = (event: EventObject, snapshot: AnyMachineSnapshot): WalkStep => ({
  event,
  state: { value: snapshot.value, context: snapshot.context },
});

const describeSteps = (steps: readonly WalkStep[]): string =>
  steps
    .slice(1)
    .map((step) => step.event.type)
    .join(" → ") || "(start)";

/**
 * Transition coverage: the shortest path to every reachable state, extended by each event the graph
 * can take there. Together they take every edge of the graph at least once.
 */
export function generatedPaths(walk: MachineWalk<AnyStateMachine>): WalkPath[] {
  const options = traversalOptions(walk);
  const shortest = new Map(
    getShortestPaths(walk.machine, options).map((path) => [serialize(path.state), path]),
  );
  const adjacency = getAdjacencyMap(walk.machine, options);
  return Object.entries(adjacency)
    .flatMap(([key, vertex]) => {
      const base = shortest.get(key);
      if (!base) throw new Error(`state reachable in the adjacency map but without a shortest path: ${key}`);
      const baseSteps = base.steps.map((step) => toStep(step.event, step.state));
      const edges: Record<string, { event: EventObject; state: AnyMachineSnapshot }> = vertex.transitions;
      return Object.values(edges).map((edge) => [...baseSteps, toStep(edge.event, edge.state)]);
    })
    .map((steps, index): WalkPath => ({ description: `edge ${index + 1}: ${describeSteps(steps)}`, steps }));
}

/** A journey's events played through the pure machine, so its replay can be checked step by step. */
export function journeyPaths(walk: MachineWalk<AnyStateMachine>): WalkPath[] {
  return walk.journeys.map((journey) => {
    let [snapshot] = initialTransition(walk.machine, walk.input);
    const steps: WalkStep[] = [toStep({ type: "xstate.init" }, snapshot)];
    for (const event of journey.events) {
      [snapshot] = transition(walk.machine, snapshot, event);
      steps.push(toStep(event, snapshot));
    }
    return {
      description: journey.description,
      steps,
      endState: journey.endState,
      ...(journey.actions ? { actions: journey.actions } : {}),
    };
  });
}

export const allPaths = (walk: MachineWalk<AnyStateMachine>): WalkPath[] => [
  ...generatedPaths(walk),
  ...journeyPaths(walk),
];
