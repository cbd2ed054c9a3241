import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from "kysely";
import { PREPARED } from "./preparedStatements.ts";
import { currentTenant } from "./tenantContext.ts";

/** The NOLOGIN role a tenant's queries run as (migration 013 gives it the policies). */
export const TENANT_ROLE = "console_tenant";

/** Where a connection's session stands: a company ID, or SYSTEM (the connecting user, no tenant). */
const SYSTEM = "";

// One statement per switch, at session level (not inside the caller's transaction, which Kysely
// begins after acquiring the connection), so it survives until the next switch. Marked PREPARED:
// on PostgreSQL each pooled connection parses it once.
const TO_TENANT = `${PREPARED}select set_config('role', '${TENANT_ROLE}', false), set_config('console.company_id', $1, false)`;
const TO_TENANT_WITHOUT_ROLE = `${PREPARED}select set_config('console.company_id', $1, false)`;
const TO_SYSTEM = `${PREPARED}select set_config('role', 'none', false), set_config('console.company_id', '', false)`;
const ROLE_USABLE = `select coalesce((select pg_has_role(current_user, oid, 'member') from pg_roles where rolname = '${TENANT_ROLE}'), false) as usable`;

export interface TenantScopeOptions {
  /** Told once when the connecting user cannot switch to the tenant role (RLS then stays inactive). */
  onRoleUnusable?: () => void;
}

const warnRoleUnusable = () =>
  process.emitWarning(
    `The database user cannot switch to the ${TENANT_ROLE} role (no CREATEROLE when migration 013 ran?): row-level security is inactive, only the queries' own company filters apply.`,
  );

/**
 * Wraps a PostgreSQL dialect (pg or PGlite) so that each connection, when handed out, runs as the
 * current tenant context asks (tenantContext.ts): the tenant role with console.company_id set inside
 * runAsTenant, the connecting user otherwise. Each connection remembers its state, so a switch costs
 * one statement and only when the state differs: consecutive calls of one tenant (or system work)
 * on a connection cost nothing extra. A transaction acquires its connection once, so it runs wholly
 * in the context it began in.
 */
export class TenantScopedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly options: TenantScopeOptions = { onRoleUnusable: warnRoleUnusable },
  ) {}
  createAdapter = () => this.inner.createAdapter();
  createDriver = (): Driver => new TenantScopedDriver(this.inner.createDriver(), this.options);
  createIntrospector = (db: Parameters<Dialect["createIntrospector"]>[0]) =>
    this.inner.createIntrospector(db);
  createQueryCompiler = () => this.inner.createQueryCompiler();
}

class TenantScopedDriver implements Driver {
  private readonly states = new WeakMap<DatabaseConnection, string>();
  /** Whether the connecting user may switch to the role; asked once (after migration 013 ran). */
  private roleUsable: Promise<boolean> | undefined;

  // Savepoints only where the wrapped driver has them, so Kysely still refuses them where it does not.
  readonly savepoint: Driver["savepoint"];
  readonly rollbackToSavepoint: Driver["rollbackToSavepoint"];
  readonly releaseSavepoint: Driver["releaseSavepoint"];

  constructor(
    private readonly inner: Driver,
    private readonly options: TenantScopeOptions,
  ) {
    this.savepoint = inner.savepoint?.bind(inner);
    this.rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
    this.releaseSavepoint = inner.releaseSavepoint?.bind(inner);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    const wanted = currentTenant() ?? SYSTEM;
    // A new connection starts as the connecting user without a tenant, i.e. SYSTEM.
    if ((this.states.get(connection) ?? SYSTEM) === wanted) return connection;
    try {
      await this.switchTo(connection, wanted);
    } catch (error) {
      await this.inner.releaseConnection(connection);
      throw error;
    }
    this.states.set(connection, wanted);
    return connection;
  }

  private async switchTo(connection: DatabaseConnection, wanted: string): Promise<void> {
    if (wanted === SYSTEM) {
      await connection.executeQuery(CompiledQuery.raw(TO_SYSTEM));
      return;
    }
    this.roleUsable ??= this.askRoleUsable(connection);
    const statement = (await this.roleUsable) ? TO_TENANT : TO_TENANT_WITHOUT_ROLE;
    await connection.executeQuery(CompiledQuery.raw(statement, [wanted]));
  }

  private async askRoleUsable(connection: DatabaseConnection): Promise<boolean> {
    const { rows } = await connection.executeQuery<{ usable: boolean }>(CompiledQuery.raw(ROLE_USABLE));
    const usable = rows[0]?.usable === true;
    if (!usable) this.options.onRoleUnusable?.();
    return usable;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
