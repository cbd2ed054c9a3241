import type { Transaction } from "kysely";
import { ERROR } from "../../../contract/errors.ts";
import { messageText } from "../../../contract/messages.ts";
import type { Operator } from "../../../contract/operators.ts";
import { ApiError } from "../../apiError.ts";
import { recordAudit } from "../../audit/recordAudit.ts";
import type { Database } from "../../db/schema.ts";
import { operatorWelcomeMail } from "../../mail/templates.ts";
import type { ServiceDeps } from "../deps.ts";
import { containsPattern } from "../eventSearch/searchValues.ts";
import { hashPassword } from "../passwordHasher.ts";
import { randomSecret, sha256 } from "../secrets.ts";
import {
  type AdminCaller,
  assertOperatorAdministratorRemains,
  beginAdminChange,
  endSessionsOf,
} from "./adminTransaction.ts";

/**
 * How long a new operator's set-password link works: longer than a reset link's minutes, since the
 * mail may wait in an inbox until the next working day (docs/architecture.md, "Administration").
 */
export const SET_PASSWORD_LINK_HOURS = 24;

export interface OperatorFilter {
  name: string;
  email: string;
  roleId: string;
  pageSize: number;
  page: number;
}

export interface OperatorFields {
  name: string;
  email: string;
  roleId: string;
  notifyRule: boolean;
  notifyUpload: boolean;
}

type Db = ServiceDeps["db"] | Transaction<Database>;

/** What an audit summary keeps of an operator: no password hash, no lock counters. */
const auditedFields = (operator: Operator) => ({
  name: operator.name,
  email: operator.email,
  roleId: operator.roleId,
  notifyRule: operator.notifyRule,
  notifyUpload: operator.notifyUpload,
});

export function createOperatorService(deps: ServiceDeps) {
  const { db, config, now } = deps;

  const operatorRows = (from: Db, companyId: string) =>
    from
      .selectFrom("operators as o")
      .innerJoin("roles as r", (join) =>
        join.onRef("r.company_id", "=", "o.company_id").onRef("r.role_id", "=", "o.role_id"),
      )
      .select([
        "o.id",
        "o.name",
        "o.email",
        "o.role_id",
        "r.name as role_name",
        "o.notify_rule",
        "o.notify_upload",
        "o.locked_until",
        "o.created_at",
        "o.version",
      ])
      .where("o.company_id", "=", companyId);

  type Row = Awaited<ReturnType<ReturnType<typeof operatorRows>["executeTakeFirstOrThrow"]>>;
  const toOperator = (row: Row): Operator => ({
    operatorId: row.id,
    name: row.name,
    email: row.email,
    roleId: row.role_id,
    roleName: row.role_name,
    notifyRule: row.notify_rule,
    notifyUpload: row.notify_upload,
    locked: row.locked_until !== null && new Date(row.locked_until) > now(),
    createdAt: new Date(row.created_at).toISOString(),
    version: row.version,
  });

  const findOperator = async (from: Db, companyId: string, operatorId: number) => {
    const row = await operatorRows(from, companyId).where("o.id", "=", operatorId).executeTakeFirst();
    return row ? toOperator(row) : undefined;
  };

  const roleOptions = (companyId: string) =>
    db
      .selectFrom("roles")
      .select(["role_id as roleId", "name"])
      .where("company_id", "=", companyId)
      .orderBy("role_id")
      .execute();

  /** The row at the version the screen read, else 015: it changed or went since. */
  async function currentOperator(trx: Transaction<Database>, companyId: string, id: number, version: number) {
    const operator = await findOperator(trx, companyId, id);
    if (!operator || operator.version !== version) throw new ApiError(ERROR.conflict);
    return operator;
  }

  /** The role must be the tenant's; the e-mail address no other operator's of the tenant. */
  async function checkFields(
    trx: Transaction<Database>,
    caller: AdminCaller,
    fields: OperatorFields,
    self?: number,
  ) {
    const { companyId } = caller;
    const role = await trx
      .selectFrom("roles")
      .select("role_id")
      .where("company_id", "=", companyId)
      .where("role_id", "=", fields.roleId)
      .executeTakeFirst();
    if (!role)
      throw new ApiError(ERROR.validation, [
        { field: "telegram.roleId", message: messageText(caller.lang, "validation.unknownRole") },
      ]);
    let taken = trx
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", companyId)
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", fields.email.toLowerCase()));
    if (self !== undefined) taken = taken.where("id", "!=", self);
    if (await taken.executeTakeFirst()) throw new ApiError(ERROR.duplicate, [{ field: "telegram.email" }]);
  }

  return {
    async list(companyId: string, filter: OperatorFilter) {
      let matching = operatorRows(db, companyId);
      if (filter.name) matching = matching.where("o.name", "ilike", containsPattern(filter.name));
      if (filter.email) matching = matching.where("o.email", "ilike", containsPattern(filter.email));
      if (filter.roleId) matching = matching.where("o.role_id", "=", filter.roleId);
      const [page, ids, roles] = await Promise.all([
        matching
          .orderBy("o.id")
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize)
          .execute(),
        matching.clearSelect().select("o.id").orderBy("o.id").execute(),
        roleOptions(companyId),
      ]);
      return {
        companyId,
        count: ids.length,
        operators: page.map(toOperator),
        matchingIds: ids.map((row) => row.id),
        roles,
      };
    },

    async detail(companyId: string, operatorId: number) {
      const [operator, roles] = await Promise.all([
        findOperator(db, companyId, operatorId),
        roleOptions(companyId),
      ]);
      if (!operator) throw new ApiError(ERROR.noDataFound);
      return { operator, roles };
    },

    /**
     * Registers the operator with an unusable password and mails them a single-use link to set one
     * (a password reset token of SET_PASSWORD_LINK_HOURS): no password ever travels by mail.
     */
    async add(caller: AdminCaller, fields: OperatorFields): Promise<Operator> {
      const at = now();
      const token = randomSecret();
      const expiresAt = new Date(at.getTime() + SET_PASSWORD_LINK_HOURS * 3_600_000);
      const unusablePassword = await hashPassword(randomSecret());
      const operator = await db.transaction().execute(async (trx) => {
        const actor = await beginAdminChange(trx, caller);
        await checkFields(trx, caller, fields);
        const { id } = await trx
          .insertInto("operators")
          .values({
            company_id: caller.companyId,
            email: fields.email,
            name: fields.name,
            role_id: fields.roleId,
            notify_rule: fields.notifyRule,
            notify_upload: fields.notifyUpload,
            password_hash: unusablePassword,
            created_at: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("password_reset_tokens")
          .values({
            company_id: caller.companyId,
            token_hash: sha256(token),
            operator_id: id,
            created_at: at,
            expires_at: expiresAt,
          })
          .execute();
        const added = await findOperator(trx, caller.companyId, id);
        if (!added) throw new Error("operator just added not found");
        await recordAudit(trx, {
          ...actor,
          at,
          action: "operatorAdd",
          target: `operator:${id}`,
          after: auditedFields(added),
        });
        return added;
      });
      const mail = operatorWelcomeMail({
        to: operator.email,
        operatorName: operator.name,
        companyId: caller.companyId,
        url: `${config.publicUrl}/v3/PasswordChange?token=${encodeURIComponent(token)}`,
        expiresAt,
        loginUrl: `${config.publicUrl}/v3/login`,
      });
      deps.defer("operator set-password link", () => deps.mailer.send(mail));
      return operator;
    },

    /** Saves the fields at the version read; the operator's sessions end (a new role applies at once). */
    async edit(caller: AdminCaller, operatorId: number, version: number, fields: OperatorFields) {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const actor = await beginAdminChange(trx, caller);
        const before = await currentOperator(trx, caller.companyId, operatorId, version);
        await checkFields(trx, caller, fields, operatorId);
        await trx
          .updateTable("operators")
          .set({
            name: fields.name,
            email: fields.email,
            role_id: fields.roleId,
            notify_rule: fields.notifyRule,
            notify_upload: fields.notifyUpload,
            version: version + 1,
          })
          .where("company_id", "=", caller.companyId)
          .where("id", "=", operatorId)
          .execute();
        await assertOperatorAdministratorRemains(trx, caller.companyId);
        await endSessionsOf(trx, caller.companyId, operatorId, at);
        const after = await currentOperator(trx, caller.companyId, operatorId, version + 1);
        await recordAudit(trx, {
          ...actor,
          at,
          action: "operatorEdit",
          target: `operator:${operatorId}`,
          before: auditedFields(before),
          after: auditedFields(after),
        });
        return after;
      });
    },

    /** Deletes the tenant's operators named (others' IDs are not found); their sessions go with them. */
    async delete(caller: AdminCaller, operatorIds: readonly number[]): Promise<number> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const actor = await beginAdminChange(trx, caller);
        const doomed = await operatorRows(trx, caller.companyId)
          .where("o.id", "in", [...operatorIds])
          .orderBy("o.id")
          .execute();
        if (doomed.length === 0) return 0;
        await trx
          .deleteFrom("operators")
          .where("company_id", "=", caller.companyId)
          .where(
            "id",
            "in",
            doomed.map((row) => row.id),
          )
          .execute();
        await assertOperatorAdministratorRemains(trx, caller.companyId);
        for (const row of doomed) {
          await recordAudit(trx, {
            ...actor,
            at,
            action: "operatorDelete",
            target: `operator:${row.id}`,
            before: auditedFields(toOperator(row)),
          });
        }
        return doomed.length;
      });
    },

    /** Clears a password lock (failed sign-ins) at the version read. */
    async unlock(caller: AdminCaller, operatorId: number, version: number): Promise<Operator> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const actor = await beginAdminChange(trx, caller);
        const before = await currentOperator(trx, caller.companyId, operatorId, version);
        await trx
          .updateTable("operators")
          .set({ failed_login_count: 0, locked_until: null, version: version + 1 })
          .where("company_id", "=", caller.companyId)
          .where("id", "=", operatorId)
          .execute();
        await recordAudit(trx, {
          ...actor,
          at,
          action: "operatorUnlock",
          target: `operator:${operatorId}`,
          before: { locked: before.locked },
          after: { locked: false },
        });
        return currentOperator(trx, caller.companyId, operatorId, version + 1);
      });
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
