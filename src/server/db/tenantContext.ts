import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The tenant whose rows the database work of the current call or job may touch. Every query made
 * inside runAsTenant runs as the console_tenant role with console.company_id set (see
 * tenantScopedDialect.ts), so row-level security refuses any other tenant's rows even when a query
 * forgets its `where company_id = ...`. Outside it (startup, login, the request guard, job claiming,
 * the screening API) queries run in the system context: the connecting user, not bound by the policies.
 */
const tenantStore = new AsyncLocalStorage<string>();
const screeningBatchStore = new AsyncLocalStorage<true>();

/** The company ID of the current tenant context, or undefined in the system context. */
export const currentTenant = (): string | undefined => tenantStore.getStore();

/** Runs task (and everything it starts) with its database work confined to companyId's rows. */
export function runAsTenant<T>(companyId: string, task: () => T): T {
  return tenantStore.run(companyId, task);
}

/** Runs task in the system context, also when called from inside a tenant's work. */
export function runAsSystem<T>(task: () => T): T {
  return tenantStore.exit(task);
}

/** Whether the current work is a screening batch statement's (runAsScreeningBatch). */
export const inScreeningBatch = (): boolean => screeningBatchStore.getStore() === true;

/**
 * Runs task in the system context on the connections kept for the screening's batch statements
 * (facts and store; TenantScopeOptions.screeningBatchDialect), also when called from a tenant's work.
 */
export function runAsScreeningBatch<T>(task: () => T): T {
  return tenantStore.exit(() => screeningBatchStore.run(true, task));
}
