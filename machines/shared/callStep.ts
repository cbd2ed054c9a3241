import type {
  DoneActorEvent,
  ErrorActorEvent,
  InputFrom,
  MachineContext,
  OutputFrom,
  ParameterizedObject,
  SetupReturn,
  UnknownActorLogic,
} from "xstate";
import type { ErrorItem, MessageItem } from "../../src/contract/envelope.ts";
import { accepted, type CallOutcome, isAccepted, refusalErrors } from "./outcome.ts";

/** The guard every call step's accepted route takes: register it in the machine's `setup({ guards })`. */
export const outcomeAccepted = (_: unknown, params: { outcome: CallOutcome<unknown> }) =>
  isAccepted(params.outcome);

type ParamsMap = Record<string, ParameterizedObject["params"] | undefined>;

/** What a call step checks its choices against: the machine's context, events, actors, actions and guards. */
interface Parts {
  context: MachineContext;
  event: { type: string };
  actors: Record<string, UnknownActorLogic>;
  actions: ParamsMap;
  guards: ParamsMap;
}

type PartsOf<S> =
  S extends SetupReturn<
    infer TContext,
    infer TEvent,
    infer TActors,
    infer _Children,
    infer TActions,
    infer TGuards,
    infer _Delays,
    infer _Tags,
    infer _Input,
    infer _Output,
    infer _Emitted,
    infer _StateMeta,
    infer _TransitionMeta
  >
    ? { context: TContext; event: TEvent; actors: TActors; actions: TActions; guards: TGuards }
    : never;

/** The names in `TMap` that accept `TParams` (or take none): the helper supplies their params. */
type NamesTaking<TMap extends ParamsMap, TParams> = {
  [K in keyof TMap & string]: [TParams] extends [TMap[K]] ? K : undefined extends TMap[K] ? K : never;
}[keyof TMap & string];

/** An action spelled out with its own params, for one whose params the helper cannot supply. */
type SpelledAction<TContext, TEvent, TActions extends ParamsMap> = {
  [K in keyof TActions & string]: {
    type: K;
    params: TActions[K] | ((args: { context: TContext; event: TEvent }) => TActions[K]);
  };
}[keyof TActions & string];

type Route<TGuard, TAction> = {
  guard?: TGuard;
  target?: string | readonly string[];
  reenter?: boolean;
  actions?: TAction | readonly TAction[];
};

type ResultOf<TOutcome> = TOutcome extends { ok: true; result: infer TResult } ? TResult : never;

type Outcome<P extends Parts, TSrc extends keyof P["actors"]> = OutputFrom<P["actors"][TSrc]>;

type DoneRoute<P extends Parts, TSrc extends keyof P["actors"], TGuard, TActionParams> = Route<
  TGuard,
  | NamesTaking<P["actions"], TActionParams>
  | SpelledAction<P["context"], DoneActorEvent<Outcome<P, TSrc>>, P["actions"]>
>;

type AcceptedRoute<P extends Parts, TSrc extends keyof P["actors"]> = DoneRoute<
  P,
  TSrc,
  NamesTaking<P["guards"], { outcome: Outcome<P, TSrc> }>,
  { result: ResultOf<Outcome<P, TSrc>>; messages: MessageItem[] }
>;

type RefusedRoute<P extends Parts, TSrc extends keyof P["actors"]> = DoneRoute<
  P,
  TSrc,
  NamesTaking<P["guards"], { errors: ErrorItem[] }>,
  { errors: ErrorItem[] }
>;

type ExceptionRoute<P extends Parts> = Route<
  NamesTaking<P["guards"], { error: unknown }>,
  NamesTaking<P["actions"], { error: unknown }> | SpelledAction<P["context"], ErrorActorEvent, P["actions"]>
>;

/**
 * One API call as a chart reads it: what to call with what, where an accepted answer goes, where each
 * refusal goes (the first whose guard holds; the last, unguarded, takes the rest), where an exception
 * goes. A named action is given its params by the route it is on: `{ result, messages }` when
 * accepted, `{ errors }` when refused, `{ error }` on an exception; a named guard `{ outcome }` before
 * the split, `{ errors }` among the refusals, `{ error }` among the exceptions. An action that needs
 * other params is spelled out as `{ type, params }`.
 */
export interface CallStep<P extends Parts, TSrc extends keyof P["actors"] & string> {
  src: TSrc;
  input?:
    | InputFrom<P["actors"][TSrc]>
    | ((args: { context: P["context"]; event: P["event"] }) => InputFrom<P["actors"][TSrc]>);
  /** Routes tried before accepted / refused, on the whole outcome (an answer that came too late, ...). */
  before?: readonly DoneRoute<P, TSrc, NamesTaking<P["guards"], { outcome: Outcome<P, TSrc> }>, undefined>[];
  /**
   * Where an accepted outcome goes: the route without a guard takes the machine's `outcomeAccepted`;
   * routes before it may have guards of their own that hold only for an accepted outcome (`{ outcome }`).
   */
  accepted: AcceptedRoute<P, TSrc> | readonly AcceptedRoute<P, TSrc>[];
  refused: RefusedRoute<P, TSrc> | readonly RefusedRoute<P, TSrc>[];
  exception: ExceptionRoute<P> | readonly ExceptionRoute<P>[];
}

/** The `invoke` a state of the machine built by `S` takes. */
type InvokeOf<S extends { createStateConfig: (config: never) => unknown }> = Exclude<
  NonNullable<Parameters<S["createStateConfig"]>[0]["invoke"]>,
  readonly unknown[]
>;

interface BuiltRoute {
  guard?: { type: string; params: (args: { event: never }) => unknown };
  target?: string | readonly string[];
  reenter?: boolean;
  actions: unknown[];
}

const listOf = <T>(items: T | readonly T[] | undefined): readonly T[] =>
  items === undefined ? [] : Array.of<T>().concat(items);

/**
 * Builds `route` as a transition: its guard and named actions given params read off the event by
 * `guardParams` / `actionParams`, its spelled-out actions kept as they are.
 */
function buildRoute<E>(
  route: Route<string, string | object>,
  guardParams: (event: E) => unknown,
  actionParams: (event: E) => unknown,
  guard = route.guard,
): BuiltRoute {
  return {
    ...(guard === undefined
      ? {}
      : { guard: { type: guard, params: ({ event }: { event: E }) => guardParams(event) } }),
    ...(route.target === undefined ? {} : { target: route.target }),
    ...(route.reenter === undefined ? {} : { reenter: route.reenter }),
    actions: listOf(route.actions).map((action) =>
      typeof action === "string"
        ? { type: action, params: ({ event }: { event: E }) => actionParams(event) }
        : action,
    ),
  };
}

type Done = DoneActorEvent<CallOutcome<unknown>>;

/**
 * The call-step builder of one machine: `const callStep = callSteps(machineSetup)`, then
 * `invoke: callStep({ src, input, accepted, refused, exception })` in the chart. The invoke's id is
 * its src (the walks and the app name actors by it).
 */
export function callSteps<S extends { createStateConfig: (config: never) => unknown }>(_machineSetup: S) {
  return <TSrc extends keyof PartsOf<S>["actors"] & string>(
    step: CallStep<PartsOf<S>, TSrc>,
  ): InvokeOf<S> => {
    const outcome = (event: Done) => ({ outcome: event.output });
    const errors = (event: Done) => ({ errors: refusalErrors(event.output) });
    const answer = (event: Done) => {
      const { result, messages } = accepted(event.output);
      return { result, messages };
    };
    const error = (event: ErrorActorEvent) => ({ error: event.error });
    const invoke = {
      id: step.src,
      src: step.src,
      ...(step.input === undefined ? {} : { input: step.input }),
      onDone: [
        ...listOf(step.before).map((route) => buildRoute(route, outcome, () => undefined)),
        ...listOf(step.accepted).map((route) =>
          buildRoute(route, outcome, answer, route.guard ?? "outcomeAccepted"),
        ),
        ...listOf(step.refused).map((route) => buildRoute(route, errors, errors)),
      ],
      onError: listOf(step.exception).map((route) => buildRoute(route, error, error)),
    };
    // The step's types above already tie every name and params to the machine's setup; xstate's own
    // invoke type cannot follow params built generically here, so the built config is declared as it.
    return invoke as unknown as InvokeOf<S>;
  };
}
