import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from "kysely";
import { PREPARED } from "./preparedStatements.ts";
import { currentTenant, inScreeningBatch } from "./tenantContext.ts";

/** The NOLOGIN role a tenant's queries run as (migration 013 gives it the policies). */
export const TENANT_ROLE = "console_tenant";

/** Where a connection's session stands: a company ID, or SYSTEM (the connecting user, no tenant). */
const SYSTEM = "";

// One statement per switch, at session level (not inside the caller's transaction, which Kysely
// begins after acquiring the connection), so it survives until the next switch. Marked PREPARED:
// on PostgreSQL each pooled connection parses it once. TO_TENANT (company as $1) is also how the
// benchmarks run their bare SQL as the server does.
export const TO_TENANT = `${PREPARED}select set_config('role', '${TENANT_ROLE}', false), set_config('console.company_id', $1, false)`;
const TO_TENANT_WITHOUT_ROLE = `${PREPARED}select set_config('console.company_id', $1, false)`;
const TO_SYSTEM = `${PREPARED}select set_config('role', 'none', false), set_config('console.company_id', '', false)`;
/**
 * Usable: the user may switch to it, and it holds migration 013's grants (a role created after 013
 * ran has none: switching to it would fail every console call for want of privileges).
 */
export const ROLE_USABLE = `select coalesce((select pg_has_role(current_user, oid, 'member') and has_table_privilege(oid, 'companies', 'select') from pg_roles where rolname = '${TENANT_ROLE}'), false) as usable`;

export interface TenantScopeOptions {
  /**
   * Connections of their own for tenants' work (PostgreSQL: a second pool). The system's
   * connections then never change role, and a tenant's connection only changes company: a console
   * call, whose guard runs as system before its handler runs as the tenant, costs no switch at all
   * while calls of one tenant follow each other. Without it (PGlite: one in-process connection)
   * one connection switches back and forth.
   */
  tenantDialect?: Dialect;
  /**
   * Connections of their own for the screening's batch statements (runAsScreeningBatch; PostgreSQL:
   * a pool whose connections always use generic plans, see connect.ts). System work otherwise.
   */
  screeningBatchDialect?: Dialect;
  /** Told once when the connecting user cannot switch to the tenant role (RLS then stays inactive). */
  onRoleUnusable?: () => void;
}

const warnRoleUnusable = () =>
  process.emitWarning(
    `The database user cannot switch to the ${TENANT_ROLE} role, or the role lacks migration 013's grants (no CREATEROLE when 013 ran?): row-level security is inactive, only the queries' own company filters apply. See docs/operations.md (The database user).`,
  );

/**
 * Wraps a PostgreSQL dialect (pg or PGlite) so that each connection, when handed out, runs as the
 * current tenant context asks (tenantContext.ts): the tenant role with console.company_id set inside
 * runAsTenant, the connecting user otherwise. Each connection remembers its state, so a switch costs
 * one statement and only when the state differs. A transaction acquires its connection once, so it
 * runs wholly in the context it began in.
 */
export class TenantScopedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly options: TenantScopeOptions = {},
  ) {}
  createAdapter = () => this.inner.createAdapter();
  createDriver = (): Driver => {
    const system = this.inner.createDriver();
    return new TenantScopedDriver(
      system,
      this.options.tenantDialect?.createDriver() ?? system,
      this.options.screeningBatchDialect?.createDriver() ?? system,
      this.options.onRoleUnusable ?? warnRoleUnusable,
    );
  };
  createIntrospector = (db: Parameters<Dialect["createIntrospector"]>[0]) =>
    this.inner.createIntrospector(db);
  createQueryCompiler = () => this.inner.createQueryCompiler();
}

class TenantScopedDriver implements Driver {
  private readonly states = new WeakMap<DatabaseConnection, string>();
  /** The driver that handed each connection out, which takes it back. */
  private readonly owners = new WeakMap<DatabaseConnection, Driver>();
  /** Whether the connecting user may switch to the role; asked once (after migration 013 ran). */
  private roleUsable: Promise<boolean> | undefined;

  constructor(
    private readonly system: Driver,
    private readonly tenant: Driver,
    private readonly screeningBatch: Driver,
    private readonly onRoleUnusable: () => void,
  ) {
    // Savepoints only where the wrapped driver has them, so Kysely still refuses them where it does not.
    if (!system.savepoint) {
      this.savepoint = undefined;
      this.rollbackToSavepoint = undefined;
      this.releaseSavepoint = undefined;
    }
  }

  private readonly drivers = (): Driver[] => [...new Set([this.system, this.tenant, this.screeningBatch])];

  async init(): Promise<void> {
    for (const driver of this.drivers()) await driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const wanted = currentTenant() ?? SYSTEM;
    const driver = wanted !== SYSTEM ? this.tenant : inScreeningBatch() ? this.screeningBatch : this.system;
    const connection = await driver.acquireConnection();
    this.owners.set(connection, driver);
    // A new connection starts as the connecting user without a tenant, i.e. SYSTEM.
    if ((this.states.get(connection) ?? SYSTEM) === wanted) return connection;
    try {
      await this.switchTo(connection, wanted);
    } catch (error) {
      await driver.releaseConnection(connection);
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
    if (!usable) this.onRoleUnusable();
    return usable;
  }

  private readonly ownerOf = (connection: DatabaseConnection): Driver =>
    this.owners.get(connection) ?? this.system;

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.ownerOf(connection).beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).rollbackTransaction(connection);
  }
  savepoint: Driver["savepoint"] = async (connection, name, compileQuery) => {
    await this.ownerOf(connection).savepoint?.(connection, name, compileQuery);
  };
  rollbackToSavepoint: Driver["rollbackToSavepoint"] = async (connection, name, compileQuery) => {
    await this.ownerOf(connection).rollbackToSavepoint?.(connection, name, compileQuery);
  };
  releaseSavepoint: Driver["releaseSavepoint"] = async (connection, name, compileQuery) => {
    await this.ownerOf(connection).releaseSavepoint?.(connection, name, compileQuery);
  };
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.ownerOf(connection).releaseConnection(connection);
  }
  async destroy(): Promise<void> {
    for (const driver of this.drivers()) await driver.destroy();
  }
}
