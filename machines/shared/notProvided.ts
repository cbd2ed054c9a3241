import { fromPromise, type NonReducibleUnknown } from "xstate";

/**
 * Default implementation of an API actor: the app replaces it with `machine.provide({ actors })`.
 * It rejects so that a forgotten provide fails loudly instead of hanging or resolving undefined.
 */
export const notProvided = <TOutput, TInput = NonReducibleUnknown>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} not provided`)));
