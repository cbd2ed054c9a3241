import type { FastifyBaseLogger } from "fastify";
import { RESET_REQUEST_INTERVAL_SECONDS, RESET_TOKEN_MINUTES } from "../../contract/codes.ts";
import { ERROR } from "../../contract/errors.ts";
import { passwordResetMail } from "../mail/templates.ts";
import { ApiError } from "../plugins/envelope.ts";
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

  return {
    /**
     * Mails a single-use link when the operator exists; the caller answers the same either way, and
     * the mail goes out after the reply so the timing does not tell either.
     */
    async request(companyId: string, email: string, log: FastifyBaseLogger): Promise<void> {
      const operator = await db
        .selectFrom("operators")
        .select(["company_id", "id", "email", "name"])
        .where("company_id", "=", companyId)
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
        .executeTakeFirst();
      if (!operator) {
        log.info({ companyId, email }, "password change requested for no operator");
        return;
      }
      const at = now();
      // Anyone may ask for any address: a mail a minute at most, so the form cannot flood an inbox.
      const recent = await db
        .selectFrom("password_reset_tokens")
        .select("created_at")
        .where("company_id", "=", operator.company_id)
        .where("operator_id", "=", operator.id)
        .where("created_at", ">", new Date(at.getTime() - RESET_REQUEST_INTERVAL_SECONDS * 1000))
        .executeTakeFirst();
      if (recent) {
        log.info(
          { companyId, operatorId: operator.id },
          "password change requested again within the interval",
        );
        return;
      }
      const token = randomSecret();
      const expiresAt = new Date(at.getTime() + RESET_TOKEN_MINUTES * 60_000);
      await db.transaction().execute(async (trx) => {
        // A new link replaces any earlier one still unused.
        await trx
          .updateTable("password_reset_tokens")
          .set({ used_at: at })
          .where("company_id", "=", operator.company_id)
          .where("operator_id", "=", operator.id)
          .where("used_at", "is", null)
          .execute();
        await trx
          .insertInto("password_reset_tokens")
          .values({
            company_id: operator.company_id,
            token_hash: sha256(token),
            operator_id: operator.id,
            created_at: at,
            expires_at: expiresAt,
          })
          .execute();
      });
      const url = `${config.publicUrl}/v3/PasswordChange?token=${encodeURIComponent(token)}`;
      const mail = passwordResetMail({ to: operator.email, operatorName: operator.name, url, expiresAt });
      deps.defer("password change link", async () => {
        const sent = await deps.mailer.send(mail);
        log.info({ companyId, operatorId: operator.id, ...sent }, "password change link sent");
      });
    },

    async check(token: string): Promise<{ expiresAt: string }> {
      const row = await validToken(token);
      return { expiresAt: row.expires_at.toISOString() };
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
        .select(["password_hash"])
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
    },
  };
}
