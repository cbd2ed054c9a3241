import type {
  AnyStateMachine,
  EventFrom,
  InputFrom,
  OutputFrom,
  SimulatedClock,
  SnapshotFrom,
  StateValue,
} from "xstate";

type ActorLogics<M extends AnyStateMachine> = NonNullable<NonNullable<Parameters<M["provide"]>[0]>["actors"]>;

/** The ids of the machine's invoked actors (each invoke's id is its src). */
export type ActorId<M extends AnyStateMachine> = keyof ActorLogics<M> & string;

export type ActorOutput<M extends AnyStateMachine, K extends ActorId<M>> = OutputFrom<
  NonNullable<ActorLogics<M>[K]>
>;

type MachineEvent<M extends AnyStateMachine> = EventFrom<M>;
type EventOfType<M extends AnyStateMachine, T> = Extract<MachineEvent<M>, { type: T }>;

/**
 * Concrete events for every event type of the machine, fixed or read off the snapshot (for events
 * that name something the machine created, like a notification id). The mapped type has no optional
 * keys, so a new event without a fixture does not compile.
 */
export type EventFixtures<M extends AnyStateMachine> = {
  readonly [T in MachineEvent<M>["type"]]:
    | readonly EventOfType<M, T>[]
    | ((snapshot: SnapshotFrom<M>) => readonly EventOfType<M, T>[]);
};

/** Every output each actor can resolve with that a guard tells apart: accepted and refused. */
export type ActorOutputFixtures<M extends AnyStateMachine> = {
  readonly [K in ActorId<M>]-?: readonly [ActorOutput<M, K>, ...ActorOutput<M, K>[]];
};

/** What each actor can throw (a real exception, routed by onError). */
export type ActorFailureFixtures<M extends AnyStateMachine> = {
  readonly [K in ActorId<M>]-?: readonly [Error, ...Error[]];
};

export type ActorDoneEvent<M extends AnyStateMachine> = {
  [K in ActorId<M>]: { type: `xstate.done.actor.${K}`; output: ActorOutput<M, K> };
}[ActorId<M>];
export type ActorErrorEvent<M extends AnyStateMachine> = {
  [K in ActorId<M>]: { type: `xstate.error.actor.${K}`; error: Error };
}[ActorId<M>];
export type DelayedEvent = { type: `xstate.after.${string}` };

/** Anything a walk step can be: an event sent, an actor settling, a delay passing. */
export type WalkEvent<M extends AnyStateMachine> =
  | MachineEvent<M>
  | ActorDoneEvent<M>
  | ActorErrorEvent<M>
  | DelayedEvent;

/** A hand-written event sequence with the state it must end in, for what shortest paths never take. */
export interface Journey<M extends AnyStateMachine> {
  description: string;
  events: readonly WalkEvent<M>[];
  endState: StateValue;
  /** Named actions (the app-provided ones included) the journey must have run, in order. */
  actions?: readonly string[];
}

export interface DriverArgs<M extends AnyStateMachine, T extends MachineEvent<M>["type"]> {
  clock: SimulatedClock;
  /** The real actor's current snapshot. */
  snapshot: () => SnapshotFrom<M>;
  event: EventOfType<M, T>;
}

export interface MachineWalk<M extends AnyStateMachine> {
  machine: M;
  events: EventFixtures<M>;
  outputs: ActorOutputFixtures<M>;
  failures: ActorFailureFixtures<M>;
  journeys: readonly Journey<M>[];
  /** Keeps the graph finite, or out of interleavings a one-step replay cannot reproduce. */
  filterEvents?: (snapshot: SnapshotFrom<M>, event: MachineEvent<M>) => boolean;
  /** How a replay brings about an event the machine raises itself (a timer) instead of sending it. */
  drivers?: { readonly [T in MachineEvent<M>["type"]]?: (args: DriverArgs<M, T>) => void };
  /** Named actions the replay records (the app-provided ones); others are ignored. */
  recordedActions: readonly string[];
  /** What the machine starts with, for a machine that takes input. */
  input?: InputFrom<M>;
}

/** One step of a walk as the pure graph computed it. */
export interface WalkStep {
  event: { type: string };
  state: { value: StateValue; context: unknown };
}

export interface WalkPath {
  description: string;
  steps: readonly WalkStep[];
  /** Hand-written expectations of a journey; generated paths check each step against the graph. */
  endState?: StateValue;
  actions?: readonly string[];
}
