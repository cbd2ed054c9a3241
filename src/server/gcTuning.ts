import { setFlagsFromString } from "node:v8";

/**
 * Turns off V8's allocation-site pretenuring for the server process. A minor GC that happens while a
 * query's rows are being built finds every row of that result alive, so V8 decides that the row
 * allocation site is long-lived and from then on allocates every pg row in the old generation. Those
 * rows die with their request, but as old objects they keep their young field strings alive through
 * each minor GC until the next full one: on the event list, 1.4 MB promoted per minor GC and pauses
 * of 3-8 ms instead of 0.7-2.5 ms (measured with --trace-gc; docs/operations.md). Request-scoped objects
 * are never worth pretenuring, so the heuristic only costs here. Set before the first request.
 */
export function tuneGarbageCollection(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}
