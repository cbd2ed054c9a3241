import type { AnyStateMachine, StateValue } from "xstate";
import { generatedPaths, journeyPaths } from "./walkPaths.ts";
import type { MachineWalk, WalkPath, WalkStep } from "./walkTypes.ts";

/** At most this many scenarios per machine: enough to take each visible transition of a small chart. */
export const SCENARIO_CAP = 40;

export type StepKind = "start" | "send" | "answer" | "failure" | "wait";

/** One step a QA person performs (or waits for) by hand, and the state the console is in after it. */
export interface ScenarioStep {
  kind: StepKind;
  /** The step as an action, e.g. "send `login.submit` with {...}" or "the `login` call answers: refused 903". */
  action: string;
  /** The event's type as the machine sees it (a call's answer is `xstate.done.actor.<call>`). */
  event: string;
  /** What the event carries besides its type: the data sent, a call's answer or failure. */
  data?: unknown;
  /** The states active after the step, dotted (`signedOut.refused`; parallel regions listed). */
  states: string[];
}

export interface Scenario {
  title: string;
  /** A hand-written journey of the tests, or a path the graph generated. */
  source: "journey" | "generated";
  steps: ScenarioStep[];
}

export interface MachineScenarios {
  /** How many scenarios the fixtures give before the cap. */
  total: number;
  scenarios: Scenario[];
}

const DONE = /^xstate\.done\.actor\.(.+)$/;
const ERROR = /^xstate\.error\.actor\.(.+)$/;
const AFTER = /^xstate\.after\.([^.]+)/;

/** A state value as the dotted paths of its active leaves: `{ list: "searching", total: "idle" }` -> two. */
export function statePaths(value: StateValue): string[] {
  if (typeof value === "string") return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [key] : statePaths(child).map((path) => `${key}.${path}`),
  );
}

/**
 * A wide record inside a list (an event row, a rule) read by its ID: a reader needs which rows, not
 * every field of each.
 */
function abridgeListedRecord(this: unknown, _key: string, value: unknown): unknown {
  if (!Array.isArray(this) || typeof value !== "object" || value === null || Array.isArray(value))
    return value;
  const keys = Object.keys(value);
  const idKey = keys.find((key) => key.endsWith("Id"));
  if (keys.length <= 4 || idKey === undefined) return value;
  return { [idKey]: (value as Record<string, unknown>)[idKey], "…": `${keys.length - 1} more fields` };
}

/** Compact data for a reader: keys as written, strings quoted, listed records by ID, long values cut. */
export function describeData(data: unknown, limit = 240): string {
  const text = JSON.stringify(data, abridgeListedRecord) ?? String(data);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

function describeAnswer(output: unknown): string {
  if (typeof output === "object" && output !== null && "ok" in output) {
    if (output.ok === true && "result" in output) return `accepted with ${describeData(output.result)}`;
    if (output.ok === false && "errors" in output && Array.isArray(output.errors)) {
      const refusals = output.errors.map((error: { code?: unknown; message?: unknown }) =>
        typeof error.message === "string" && error.message !== ""
          ? `${String(error.code)} ("${error.message}")`
          : String(error.code),
      );
      return `refused ${refusals.join(", ")}`;
    }
  }
  return describeData(output);
}

function delayOf(machine: AnyStateMachine, name: string): string {
  const ms: unknown = machine.implementations.delays[name] ?? Number(name);
  return typeof ms === "number" && Number.isFinite(ms) ? `${ms} ms` : name;
}

/** A step of a path phrased as what to do: send an event, let a call answer or fail, wait. */
export function describeStep(machine: AnyStateMachine, step: WalkStep, first: boolean): ScenarioStep {
  const states = statePaths(step.state.value);
  const { type, ...data } = step.event as { type: string } & Record<string, unknown>;
  if (first) return { kind: "start", action: "open the screen (the workflow starts)", event: type, states };
  const done = DONE.exec(type);
  if (done) {
    return {
      kind: "answer",
      action: `the \`${done[1]}\` call answers: ${describeAnswer(data.output)}`,
      event: type,
      data: data.output,
      states,
    };
  }
  const failed = ERROR.exec(type);
  if (failed) {
    const error = data.error instanceof Error ? data.error.message : describeData(data.error);
    return {
      kind: "failure",
      action: `the \`${failed[1]}\` call fails (no answer: ${error})`,
      event: type,
      data: error,
      states,
    };
  }
  const after = AFTER.exec(type);
  if (after?.[1]) {
    return { kind: "wait", action: `wait ${after[1]} (${delayOf(machine, after[1])})`, event: type, states };
  }
  const sent = Object.keys(data).length > 0;
  return {
    kind: "send",
    action: sent ? `send \`${type}\` with ${describeData(data)}` : `send \`${type}\``,
    event: type,
    ...(sent ? { data } : {}),
    states,
  };
}

/** What a generated path shows: the transition its last step takes, read as before --event--> after. */
const visibleTransition = (path: WalkPath): string => {
  const steps = path.steps;
  const last = steps.at(-1);
  const before = steps.at(-2);
  if (!last || !before) return "(start)";
  const event = last.event.type
    .replace(/^xstate\.after\.([^.]+).*$/, "after $1")
    .replace(DONE, "$1 answers")
    .replace(ERROR, "$1 fails");
  return `${statePaths(before.state.value).join(" + ")} --${event}--> ${statePaths(last.state.value).join(" + ")}`;
};

const toScenario = (machine: AnyStateMachine, path: WalkPath, source: Scenario["source"], title: string) => ({
  title,
  source,
  steps: path.steps.map((step, index) => describeStep(machine, step, index === 0)),
});

/**
 * The scenarios of one machine for QA, from the fixtures its model-based tests use: the hand-written
 * journeys first, then for each transition the graph takes between two state values, the shortest
 * generated path ending with it: first one into each state, then the others, shortest first; capped
 * at SCENARIO_CAP.
 */
export function machineScenarios(walk: MachineWalk<AnyStateMachine>, cap = SCENARIO_CAP): MachineScenarios {
  const journeys = journeyPaths(walk).map((path) =>
    toScenario(walk.machine, path, "journey", path.description),
  );
  const shortestPerTransition = new Map<string, WalkPath>();
  for (const path of generatedPaths(walk)) {
    const key = visibleTransition(path);
    const known = shortestPerTransition.get(key);
    if (!known || path.steps.length < known.steps.length) shortestPerTransition.set(key, path);
  }
  const byLength = [...shortestPerTransition.entries()].sort(
    ([keyA, a], [keyB, b]) => a.steps.length - b.steps.length || keyA.localeCompare(keyB),
  );
  // Under the cap, a path to a state no earlier path ends in comes before another way into a known one.
  const endsIn = ([, path]: [string, WalkPath]) =>
    statePaths(path.steps.at(-1)?.state.value ?? "").join(" + ");
  const seen = new Set<string>();
  const firstInto = byLength.filter((entry) => !seen.has(endsIn(entry)) && seen.add(endsIn(entry)));
  const generated = [...firstInto, ...byLength.filter((entry) => !firstInto.includes(entry))].map(
    ([key, path]) => toScenario(walk.machine, path, "generated", key),
  );
  const all = [...journeys, ...generated];
  return { total: all.length, scenarios: all.slice(0, cap) };
}
