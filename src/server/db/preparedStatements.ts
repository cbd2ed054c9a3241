import { createHash } from "node:crypto";
import type pg from "pg";

/**
 * Hot-path statements (screening) start with this comment; on PostgreSQL they run as named prepared
 * statements, so each pooled connection parses and plans them once instead of on every call. Only
 * statements whose text never varies may carry it (their values are all parameters).
 */
export const PREPARED = "/* prepared */ ";

const names = new Map<string, string>();
const nameOf = (text: string): string => {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
};

type QueryFn = (...args: unknown[]) => unknown;

/** Makes every client of the pool run PREPARED statements by name. */
export function prepareMarkedStatements(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as QueryFn;
    const prepared: QueryFn = (text, values, ...rest) =>
      typeof text === "string" && text.startsWith(PREPARED)
        ? query({ name: nameOf(text), text, values }, ...rest)
        : query(text, values, ...rest);
    (client as unknown as { query: QueryFn }).query = prepared;
  });
}
