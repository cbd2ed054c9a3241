import type { FastifyBaseLogger } from "fastify";
import { RESET_REQUEST_INTERVAL_SECONDS, RESET_TOKEN_MINUTES } from "../../contract/codes.ts";
import { ERROR } from "../../contract/errors.ts";
import { ApiError } from "../apiError.ts";
import { passwordChangedMail, passwordResetMail } from "../mail/templates.ts";
import type { ServiceDeps } from "./deps.ts";
import { hashPassword, verifyPassword } from "./passwordHasher.ts";
import { randomSecret, sha256 } from "./secrets.ts";

export function createPasswordResetService(deps: ServiceDeps) {
  const { db, config, now } = deps;

  /** The unused token row, or 910 when unknown/used and 919 when expired. */
  async function validToken(token: string) {
    const row = await db
      .selectFrom("password_reset_tokens")
      .selectAll()
      .where("token_hash", "=", sha256(token))
      .executeTakeFirst();
    if (!row || row.used_at) throw new ApiError(ERROR.resetTokenInvalid);
    if (row.expires_at <= now()) throw new ApiError(ERROR.resetTokenExpired);
    return row;
  }

  /**
   * Makes the link and mails it when the operator exists and was not mailed within the interval.
   * The operator's row is locked while the interval is checked and the link stored, so requests
   * arriving together (several servers share PostgreSQL) mail once.
   */
  async function issueLink(companyId: string, email: string, log: FastifyBaseLogger): Promise<void> {
    const at = now();
    const token = randomSecret();
    const expiresAt = new Date(at.getTime() + RESET_TOKEN_MINUTES * 60_000);
    const operator = await db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom("operators")
        .select(["company_id", "id", "email", "name"])
        .where("company_id", "=", companyId)
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
        .forUpdate()
        .executeTakeFirst();
      if (!found) {
        log.info({ companyId, email }, "password change requested for no operator");
        return undefined;
      }
      // Anyone may ask for any address: a mail a minute at most, so the form cannot flood an inbox.
      const recent = await trx
        .selectFrom("password_reset_tokens")
        .select("created_at")
        .where("company_id", "=", found.company_id)
        .where("operator_id", "=", found.id)
        .where("created_at", ">", new Date(at.getTime() - RESET_REQUEST_INTERVAL_SECONDS * 1000))
        .executeTakeFirst();
      if (recent) {
        log.info({ companyId, operatorId: found.id }, "password change requested again within the interval");
        return undefined;
      }
      // A new link replaces any earlier one still unused.
      await trx
        .updateTable("password_reset_tokens")
        .set({ used_at: at })
        .where("company_id", "=", found.company_id)
        .where("operator_id", "=", found.id)
        .where("used_at", "is", null)
        .execute();
      await trx
        .insertInto("password_reset_tokens")
        .values({
          company_id: found.company_id,
          token_hash: sha256(token),
          operator_id: found.id,
          created_at: at,
          expires_at: expiresAt,
        })
        .execute();
      return found;
    });
    if (!operator) return;
    const url = `${config.publicUrl}/v3/PasswordChange?token=${encodeURIComponent(token)}`;
    const sent = await deps.mailer.send(
      passwordResetMail({ to: operator.email, operatorName: operator.name, url, expiresAt }),
    );
    log.info({ companyId, operatorId: operator.id, ...sent }, "password change link sent");
  }

  return {
    /**
     * Answers at once, the same whether or not the operator exists: the look-up, the link and the
     * mail all come after the reply (an operator's link is written, an unknown address's is not, and
     * that difference in time would tell who is registered).
     */
    async request(companyId: string, email: string, log: FastifyBaseLogger): Promise<void> {
      deps.defer("password change link", () => issueLink(companyId, email, log));
    },

    async check(token: string): Promise<{ expiresAt: string; remainingMs: number }> {
      const row = await validToken(token);
      return {
        expiresAt: row.expires_at.toISOString(),
        remainingMs: Math.max(0, row.expires_at.getTime() - now().getTime()),
      };
    },

    /**
     * Sets the new password, clears the lockout, uses up the token and signs the operator out
     * everywhere. 921 when the password cannot be changed: it equals the current one, or the token
     * was used by a concurrent change.
     */
    async change(token: string, password: string, log: FastifyBaseLogger): Promise<void> {
      const row = await validToken(token);
      const operator = await db
        .selectFrom("operators")
        .select(["password_hash", "email", "name"])
        .where("company_id", "=", row.company_id)
        .where("id", "=", row.operator_id)
        .executeTakeFirst();
      if (!operator || (await verifyPassword(operator.password_hash, password))) {
        throw new ApiError(ERROR.passwordChangeFailed);
      }
      const passwordHash = await hashPassword(password);
      const at = now();
      const changed = await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable("password_reset_tokens")
          .set({ used_at: at })
          .where("company_id", "=", row.company_id)
          .where("token_hash", "=", row.token_hash)
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (used.numUpdatedRows !== 1n) return false;
        await trx
          .updateTable("operators")
          .set({ password_hash: passwordHash, failed_login_count: 0, locked_until: null })
          .where("company_id", "=", row.company_id)
          .where("id", "=", row.operator_id)
          .execute();
        await trx
          .updateTable("sessions")
          .set({ revoked_at: at })
          .where("company_id", "=", row.company_id)
          .where("operator_id", "=", row.operator_id)
          .where("revoked_at", "is", null)
          .execute();
        return true;
      });
      if (!changed) throw new ApiError(ERROR.passwordChangeFailed);
      log.info({ companyId: row.company_id, operatorId: row.operator_id }, "password changed");
      // After the reply, as every mail: a mail server that is slow or down neither delays nor undoes it.
      const mail = passwordChangedMail({
        to: operator.email,
        operatorName: operator.name,
        companyId: row.company_id,
        changedAt: at,
      });
      deps.defer("password changed notice", async () => {
        const sent = await deps.mailer.send(mail);
        log.info(
          { companyId: row.company_id, operatorId: row.operator_id, ...sent },
          "password changed notice sent",
        );
      });
    },
  };
}
