import { type CompiledQuery, type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** Stands for a named value in a fixed statement's compiled parameters until a run binds it. */
class Slot {
  constructor(readonly name: string) {}
}

export type Slots<K extends string> = { readonly [name in K]: RawBuilder<unknown> };

export interface FixedStatement<K extends string, R> {
  /** Runs the statement with this run's values, each bound to the parameter of its name. */
  execute(db: Kysely<Database>, values: { readonly [name in K]: unknown }): Promise<R[]>;
}

/**
 * A hot-path statement whose text never varies: built and compiled once per database (not on every
 * call), its parameters named. `build` receives one placeholder per name to put where the value goes;
 * each run binds its own values in their places. Values that are the same on every run may still be
 * written inline with sql`${value}`: they stay as compiled.
 */
export function fixedStatement<K extends string, R>(
  names: readonly K[],
  build: (slots: Slots<K>) => RawBuilder<R>,
): FixedStatement<K, R> {
  const slots = Object.fromEntries(names.map((name) => [name, sql.val(new Slot(name))])) as Slots<K>;
  const builder = build(slots);
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<R>>();
  return {
    async execute(db, values) {
      let query = compiled.get(db);
      if (!query) {
        query = builder.compile(db);
        compiled.set(db, query);
      }
      const parameters = query.parameters.map((parameter) =>
        parameter instanceof Slot ? values[parameter.name as K] : parameter,
      );
      const { rows } = await db.executeQuery<R>({ ...query, parameters });
      return rows;
    },
  };
}
