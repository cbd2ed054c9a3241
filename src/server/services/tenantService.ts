import type { Kysely, Transaction } from "kysely";
import type { ContractDiv } from "../../contract/codes.ts";
import type { Database } from "../db/schema.ts";
import { hashPassword } from "./passwordHasher.ts";
import { rolePermissionRows, STANDARD_ROLES } from "./standardRoles.ts";

export interface NewTenant {
  companyId: string;
  name: string;
  contractDiv: ContractDiv;
}

export interface NewOperatorInput {
  companyId: string;
  email: string;
  name: string;
  roleId: string;
  password: string;
}

export class TenantExistsError extends Error {
  constructor(companyId: string) {
    super(`Company ${companyId} already exists.`);
  }
}

/** Creates a company with the three standard roles and their permissions, in one transaction. */
export async function createTenant(db: Kysely<Database>, tenant: NewTenant): Promise<void> {
  await db.transaction().execute((trx) => insertTenant(trx, tenant));
}

/** The inserts of createTenant, for a caller that adds more to the same transaction. */
export async function insertTenant(trx: Transaction<Database>, tenant: NewTenant): Promise<void> {
  {
    const existing = await trx
      .selectFrom("companies")
      .select("company_id")
      .where("company_id", "=", tenant.companyId)
      .executeTakeFirst();
    if (existing) throw new TenantExistsError(tenant.companyId);
    await trx
      .insertInto("companies")
      .values({ company_id: tenant.companyId, name: tenant.name, contract_div: tenant.contractDiv })
      .execute();
    for (const role of Object.values(STANDARD_ROLES)) {
      await trx
        .insertInto("roles")
        .values({ company_id: tenant.companyId, role_id: role.roleId, name: role.name })
        .execute();
      await trx.insertInto("role_permissions").values(rolePermissionRows(tenant.companyId, role)).execute();
    }
  }
}

/** Adds an operator with an argon2id hash of the given password; returns the new operator ID. */
export async function createOperator(db: Kysely<Database>, input: NewOperatorInput): Promise<number> {
  const row = await db
    .insertInto("operators")
    .values({
      company_id: input.companyId,
      email: input.email,
      name: input.name,
      role_id: input.roleId,
      password_hash: await hashPassword(input.password),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
