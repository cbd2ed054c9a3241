import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  SimulatedClock,
} from "xstate";
import { transitionKey } from "./machineCoverage.ts";
import { settle } from "./settle.ts";
import type { DriverArgs, MachineWalk, WalkPath } from "./walkTypes.ts";

/** What a replay saw: for the coverage guard and the journeys' expectations. */
export interface ReplayRecord {
  stateIds: Set<string>;
  transitions: Set<string>;
  actions: string[];
  final: { value: unknown; context: unknown };
}

type Seen = Omit<ReplayRecord, "final">;

export class ReplayMismatch extends Error {}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const observed = (snapshot: AnyMachineSnapshot) => ({ value: snapshot.value, context: snapshot.context });

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function delayOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, eventType: string): number {
  const delayed = snapshot._nodes
    .flatMap((node) => node.after)
    .find((after: AnyTransitionDefinition & { delay?: unknown }) => after.eventType === eventType);
  const delay: unknown = delayed?.delay;
  const resolved = typeof delay === "string" ? machine.implementations.delays[delay] : delay;
  if (typeof resolved !== "number") throw new ReplayMismatch(`no numeric delay for ${eventType}`);
  return resolved;
}

/**
 * Replays a path on a real actor: actors are promises the path settles with its fixture (output or
 * thrown error), delays pass on a simulated clock (first one millisecond short, which must change
 * nothing), events are sent. After every step the real snapshot must equal the graph's.
 */
export async function replayPath(walk: MachineWalk<AnyStateMachine>, path: WalkPath): Promise<ReplayRecord> {
  const pending = new Map<string, Deferred>();
  const actors = Object.fromEntries(
    Object.keys(walk.outputs).map((id) => [
      id,
      fromPromise(() => new Promise((resolve, reject) => pending.set(id, { resolve, reject }))),
    ]),
  );
  const clock = new SimulatedClock();
  const record: Seen = { stateIds: new Set(), transitions: new Set(), actions: [] };
  const failures: unknown[] = [];
  const machine = walk.machine.provide({ actors });
  const actor = createActor(machine, {
    clock,
    input: walk.input,
    inspect: (inspection) => {
      if (inspection.type === "@xstate.microstep") {
        for (const t of inspection._transitions) {
          record.transitions.add(transitionKey(t));
          // A transient (routing) state leaves by `always` within the same macrostep, so no snapshot
          // shows it: taking its always-transition is what proves it was entered.
          if (t.eventType === "") record.stateIds.add(t.source.id);
        }
      }
      if (inspection.type === "@xstate.action" && walk.recordedActions.includes(inspection.action.type)) {
        record.actions.push(inspection.action.type);
      }
    },
  });
  actor.subscribe({ error: (error) => failures.push(error) });
  const seeStates = () => {
    for (const node of actor.getSnapshot()._nodes) record.stateIds.add(node.id);
  };
  actor.start();
  await settle();
  seeStates();

  const drivers: Partial<Record<string, (args: DriverArgs<AnyStateMachine, string>) => void>> =
    walk.drivers ?? {};
  for (const [index, step] of path.steps.entries()) {
    const event = step.event;
    if (index > 0) {
      const type = event.type;
      if (type.startsWith("xstate.done.actor.") || type.startsWith("xstate.error.actor.")) {
        const id = type.replace(/^xstate\.(done|error)\.actor\./, "");
        const deferred = pending.get(id);
        if (!deferred) throw new ReplayMismatch(`step ${index}: actor ${id} is not running`);
        pending.delete(id);
        if ("output" in event) deferred.resolve(event.output);
        else if ("error" in event) deferred.reject(event.error);
      } else if (type.startsWith("xstate.after.")) {
        const before = observed(actor.getSnapshot());
        const delay = delayOf(machine, actor.getSnapshot(), type);
        clock.increment(delay - 1);
        if (!same(observed(actor.getSnapshot()), before)) {
          throw new ReplayMismatch(`step ${index}: ${type} fired before ${delay} ms`);
        }
        clock.increment(1);
      } else {
        const drive = drivers[type];
        if (drive) drive({ clock, snapshot: () => actor.getSnapshot(), event });
        else actor.send(event);
      }
      await settle();
    }
    seeStates();
    const real = observed(actor.getSnapshot());
    if (!same(real, step.state)) {
      throw new ReplayMismatch(
        `step ${index} (${event.type}): real ${JSON.stringify(real)} but graph ${JSON.stringify(step.state)}`,
      );
    }
  }
  if (failures.length > 0) throw failures[0];
  const final = observed(actor.getSnapshot());
  actor.stop();
  return { ...record, final };
}
