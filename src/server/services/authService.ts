import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { LoginInfo } from "../../contract/auth.ts";
import { LOCKOUT } from "../../contract/codes.ts";
import { ERROR } from "../../contract/errors.ts";
import { rules } from "../../contract/validation.ts";
import { ApiError } from "../apiError.ts";
import { operatorActor } from "../audit/operatorActor.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import type { LoginOutcome } from "../db/schema.ts";
import { lockoutNoticeMail } from "../mail/templates.ts";
import { isSourceIpAllowed } from "./allowedIpService.ts";
import type { ServiceDeps } from "./deps.ts";
import { LOGIN_IP_THROTTLE, sourceIpThrottled } from "./loginThrottle.ts";
import { dummyPasswordHash, verifyPassword } from "./passwordHasher.ts";
import type { AuthContext, NewSession, SessionService } from "./sessionService.ts";

/**
 * Kept and logged instead of what was typed in the e-mail box when it is not shaped as an address, so
 * a password typed there by mistake reaches neither login_attempts nor the log. Every operator's
 * address has that shape (emailField), so such an attempt never named an operator anyway.
 */
export const NOT_AN_EMAIL_ADDRESS = "(not an e-mail address)";

/**
 * Kept and logged instead of a company ID that names no company and has the shape of a password
 * (rules.password): a password typed into the Company ID box by mistake (autofill puts it there too)
 * reaches neither login_attempts nor the log. A company ID that names a company is kept.
 */
export const PASSWORD_SHAPED_COMPANY_ID = "(unknown company ID shaped like a password)";

export interface LoginRequest {
  companyId: string;
  email: string;
  password: string;
  sourceIp: string;
}

export interface LoginSuccess {
  session: NewSession;
  loginInfo: LoginInfo;
}

export function createAuthService(deps: ServiceDeps, sessions: SessionService) {
  const { db, config, now } = deps;
  // Made now rather than on the first unknown e-mail, which would otherwise stand out by its time.
  void dummyPasswordHash();

  async function record(
    log: FastifyBaseLogger,
    attempt: LoginRequest,
    outcome: LoginOutcome,
    operatorId: number | null,
  ): Promise<void> {
    const email = rules.customEmail(attempt.email) ? attempt.email : NOT_AN_EMAIL_ADDRESS;
    const companyId =
      outcome === "unknownCompany" && rules.password(attempt.companyId)
        ? PASSWORD_SHAPED_COMPANY_ID
        : attempt.companyId;
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("login_attempts")
        .values({
          company_id: companyId,
          email,
          operator_id: operatorId,
          source_ip: attempt.sourceIp,
          outcome,
          attempted_at: at,
        })
        .execute();
      // A company that exists keeps its sign-ins and failed sign-ins in its audit log too.
      if (outcome === "unknownCompany") return;
      const action = outcome === "success" ? "login" : "loginFailed";
      const who = { companyId, operatorId, actor: email, sourceIp: attempt.sourceIp };
      await recordAudit(trx, { ...who, at, action, target: "login", after: { outcome } });
    });
    log.info({ companyId, email, sourceIp: attempt.sourceIp, outcome }, "login attempt");
  }

  return {
    /** Ends the session and records the sign-out in the audit log, in one transaction. */
    async logout(signedIn: AuthContext, sourceIp: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable("sessions")
          .set({ revoked_at: now() })
          .where("company_id", "=", signedIn.companyId)
          .where("secret_hash", "=", signedIn.secretHash)
          .where("revoked_at", "is", null)
          .executeTakeFirst();
        if (ended.numUpdatedRows === 0n) return;
        const actor = await operatorActor(trx, { ...signedIn, sourceIp });
        await recordAudit(trx, { ...actor, at: now(), action: "logout", target: "login" });
      });
    },

    /**
     * Every mismatch (unknown company, unknown e-mail, wrong password, locked operator, a throttled
     * source IP) answers 903 alike, and an unknown operator is verified against a dummy hash so it
     * takes as long.
     */
    async login(attempt: LoginRequest, log: FastifyBaseLogger): Promise<LoginSuccess> {
      // Before any look-up or password hash: a spraying address costs neither. Logged, not stored.
      if (await sourceIpThrottled(db, attempt.sourceIp, now())) {
        log.warn(
          { sourceIp: attempt.sourceIp, ...LOGIN_IP_THROTTLE },
          "login refused: too many accounts failed from this source IP",
        );
        throw new ApiError(ERROR.loginFailed);
      }
      const company = await db
        .selectFrom("companies")
        .select(["company_id", "name", "contract_div"])
        .where("company_id", "=", attempt.companyId)
        .executeTakeFirst();
      const operator = company
        ? await db
            .selectFrom("operators")
            .selectAll()
            .where("company_id", "=", company.company_id)
            .where((eb) => eb(eb.fn("lower", ["email"]), "=", attempt.email.toLowerCase()))
            .executeTakeFirst()
        : undefined;
      const passwordOk = await verifyPassword(
        operator?.password_hash ?? (await dummyPasswordHash()),
        attempt.password,
      );
      const at = now();

      if (!company || !operator) {
        await record(log, attempt, company ? "unknownOperator" : "unknownCompany", null);
        throw new ApiError(ERROR.loginFailed);
      }
      if (operator.locked_until && operator.locked_until > at) {
        await record(log, attempt, "locked", operator.id);
        throw new ApiError(ERROR.loginFailed);
      }
      if (!passwordOk) {
        const lockedUntil = new Date(at.getTime() + LOCKOUT.minutes * 60_000);
        // Counted and locked in one statement on the row as it is now, not as read above: wrong
        // passwords arriving together each count, and only the one that reaches the limit locks (and
        // mails). Locking starts a new count, so the next lock needs another full run of failures; an
        // operator locked meanwhile is not counted.
        const reachesLimit = sql<boolean>`failed_login_count + 1 >= ${LOCKOUT.failures}`;
        const counted = await db
          .updateTable("operators")
          .set({
            failed_login_count: sql<number>`case when ${reachesLimit} then 0 else failed_login_count + 1 end`,
            locked_until: sql<Date | null>`case when ${reachesLimit} then ${lockedUntil}::timestamptz else locked_until end`,
          })
          .where("company_id", "=", operator.company_id)
          .where("id", "=", operator.id)
          .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
          .returning(["locked_until"])
          .executeTakeFirst();
        if (!counted) {
          await record(log, attempt, "locked", operator.id);
          throw new ApiError(ERROR.loginFailed);
        }
        const locks = counted.locked_until?.getTime() === lockedUntil.getTime();
        await record(log, attempt, "wrongPassword", operator.id);
        if (locks) {
          log.warn(
            { companyId: operator.company_id, operatorId: operator.id, lockedUntil },
            "operator locked",
          );
          const mail = lockoutNoticeMail({
            to: operator.email,
            operatorName: operator.name,
            companyId: operator.company_id,
            failures: LOCKOUT.failures,
            lockedUntil,
            loginUrl: `${config.publicUrl}/v3/login`,
          });
          deps.defer("lockout notice", async () => {
            const sent = await deps.mailer.send(mail);
            log.info({ operatorId: operator.id, ...sent }, "lockout notice sent");
          });
        }
        throw new ApiError(ERROR.loginFailed);
      }
      // Only someone holding valid credentials learns that their address is refused.
      if (!(await isSourceIpAllowed(db, company.company_id, "console", attempt.sourceIp))) {
        await record(log, attempt, "sourceIpNotAllowed", operator.id);
        throw new ApiError(ERROR.sourceIpNotAllowed);
      }

      // Judged again on the row as it is now: wrong passwords sent together with this one may have
      // locked the operator since it was read, and a right guess among them must not lift that lock.
      const cleared = await db
        .updateTable("operators")
        .set({ failed_login_count: 0, locked_until: null })
        .where("company_id", "=", operator.company_id)
        .where("id", "=", operator.id)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
        .returning("id")
        .executeTakeFirst();
      if (!cleared) {
        await record(log, attempt, "locked", operator.id);
        throw new ApiError(ERROR.loginFailed);
      }
      const session = await sessions.create(company.company_id, operator.id);
      await record(log, attempt, "success", operator.id);
      return {
        session,
        loginInfo: {
          loginToken: session.csrfToken,
          loginOperator: {
            operatorId: String(operator.id),
            contractDiv: company.contract_div,
            companyId: company.company_id,
            companyName: company.name,
            operatorName: operator.name,
          },
          environment: config.environment,
        },
      };
    },
  };
}
