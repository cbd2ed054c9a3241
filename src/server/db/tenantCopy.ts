import type pg from "pg";
import { currentTenant } from "./tenantContext.ts";
import { ROLE_USABLE, TENANT_ROLE } from "./tenantScopedDialect.ts";

/**
 * A SELECT run as `COPY (...) TO STDOUT (FORMAT binary)` in the current tenant context, its output
 * handed over chunk by chunk as PostgreSQL sends it (each chunk a view the caller must copy before
 * it returns). Binary COPY delivers a text column's UTF-8 bytes as they are, without the string pg
 * makes of every value of a query; PostgreSQL only (PGlite copies to files).
 */
export type TenantCopy = (request: TenantCopyRequest, onChunk: (chunk: Buffer) => void) => Promise<void>;

export interface TenantCopyRequest {
  /** The SELECT; COPY takes no parameters, so it reads its values with current_setting(name). */
  select: string;
  /** Transaction-local settings (custom ones named "console.*"), console.company_id among them. */
  settings: Readonly<Record<string, string>>;
}

/**
 * COPY over a pool of its own, each COPY in a transaction whose settings are all local: the role, the
 * company and the caller's settings end with it, so a connection never carries a tenant between uses
 * (the Kysely pools' connections track their tenant: tenantScopedDialect.ts).
 */
export function createTenantCopy(pool: pg.Pool): TenantCopy {
  let roleUsable: Promise<boolean> | undefined;
  return async ({ select, settings }, onChunk) => {
    const companyId = currentTenant();
    if (companyId === undefined) throw new Error("COPY runs in a tenant context only (runAsTenant)");
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      roleUsable ??= client
        .query<{ usable: boolean }>(ROLE_USABLE)
        .then(({ rows }) => rows[0]?.usable === true)
        .catch((error: unknown) => {
          roleUsable = undefined;
          throw error;
        });
      const local: Record<string, string> = { ...settings, "console.company_id": companyId };
      const names = Object.keys(local);
      const values = names.flatMap((name) => [name, local[name]]);
      const assignments = names.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
      if (await roleUsable) assignments.unshift(`set_config('role', '${TENANT_ROLE}', true)`);
      await client.query("begin");
      await client.query(`select ${assignments.join(", ")}`, values);
      await new Promise<void>((resolve, reject) => {
        client.query(new CopyOut(`copy (${select}) to stdout (format binary)`, onChunk, resolve, reject));
      });
      await client.query("commit");
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A failed connection is closed rather than pooled: its transaction may still be open.
      client.release(failure);
    }
  };
}

/**
 * The pg client's view of a COPY TO STDOUT (a "submittable": the client hands it the protocol's
 * messages). Done at ReadyForQuery; failed at the first error (the client then drops it).
 */
class CopyOut {
  private failed = false;

  constructor(
    readonly text: string,
    private readonly onChunk: (chunk: Buffer) => void,
    private readonly resolve: () => void,
    private readonly reject: (error: Error) => void,
  ) {}

  submit(connection: { query(text: string): void }): void {
    connection.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    if (this.failed) return;
    try {
      this.onChunk(message.chunk);
    } catch (error) {
      // The rest of the output is still read (the protocol has no way to stop it), then dropped.
      this.handleError(error instanceof Error ? error : new Error(String(error)));
    }
  }

  handleError(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    this.reject(error);
  }

  handleReadyForQuery(): void {
    if (!this.failed) this.resolve();
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handlePortalSuspended(): void {}
}
