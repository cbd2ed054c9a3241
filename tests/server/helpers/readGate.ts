import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from "kysely";

/**
 * A Kysely plugin that, while closed, holds the results of the reads it is told to watch (by their
 * first row) and counts them: a stand-in for a slow database at the moment of one read. Use it with
 * `db.withPlugin(gate)`, a handle of its own (caches keyed by the handle start empty).
 */
export class ReadGate implements KyselyPlugin {
  held = 0;
  private opened: Promise<void> = Promise.resolve();
  private open: () => void = () => {};

  constructor(private readonly watches: (row: UnknownRow) => boolean) {}

  close(): void {
    this.opened = new Promise((resolve) => {
      this.open = resolve;
    });
  }
  release(): void {
    this.open();
  }
  transformQuery: KyselyPlugin["transformQuery"] = (args) => args.node;
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const row = args.result.rows[0];
    if (row && this.watches(row)) {
      this.held++;
      await this.opened;
    }
    return args.result;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const TIMED_OUT = Symbol("timed out");
/** The promise's value, or TIMED_OUT when it takes longer than `ms`. */
export const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, sleep(ms).then(() => TIMED_OUT)]);
