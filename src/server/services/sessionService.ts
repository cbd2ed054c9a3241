import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { Database } from "../db/schema.ts";
import { randomSecret, sameHash, sha256 } from "./secrets.ts";

/** The signed-in operator behind a request, as found from its session cookie. */
export interface AuthContext {
  companyId: string;
  operatorId: number;
  roleId: string;
  secretHash: string;
}

export interface NewSession {
  /** Goes into the HttpOnly cookie only. */
  secret: string;
  /** Goes to the SPA as loginToken and comes back as info.token. */
  csrfToken: string;
}

export type SessionCheck =
  | { ok: true; auth: AuthContext }
  | { ok: false; reason: "missing" | "unknown" | "revoked" | "idle" | "absolute" | "token" };

export function createSessionService(deps: { db: Kysely<Database>; config: Config; now: () => Date }) {
  const { db, config, now } = deps;
  const idleMs = config.sessionIdleMinutes * 60_000;
  const absoluteMs = config.sessionAbsoluteHours * 3_600_000;

  return {
    async create(companyId: string, operatorId: number): Promise<NewSession> {
      const session = { secret: randomSecret(), csrfToken: randomSecret() };
      const at = now();
      await db
        .insertInto("sessions")
        .values({
          company_id: companyId,
          secret_hash: sha256(session.secret),
          csrf_token_hash: sha256(session.csrfToken),
          operator_id: operatorId,
          created_at: at,
          last_seen_at: at,
        })
        .execute();
      return session;
    },

    /**
     * Session from the cookie secret, checked for revocation, both timeouts and the anti-forgery token.
     * `csrfToken: null` skips the token, for plain GET downloads: a browser navigation cannot send it,
     * and the SameSite=Strict cookie never leaves another site's request anyway.
     */
    async check(secret: string | undefined, csrfToken: string | undefined | null): Promise<SessionCheck> {
      if (!secret) return { ok: false, reason: "missing" };
      const secretHash = sha256(secret);
      const row = await db
        .selectFrom("sessions")
        .innerJoin("operators", (join) =>
          join
            .onRef("operators.company_id", "=", "sessions.company_id")
            .onRef("operators.id", "=", "sessions.operator_id"),
        )
        .select([
          "sessions.company_id",
          "sessions.operator_id",
          "sessions.csrf_token_hash",
          "sessions.created_at",
          "sessions.last_seen_at",
          "sessions.revoked_at",
          "operators.role_id",
        ])
        .where("sessions.secret_hash", "=", secretHash)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: "unknown" };
      if (row.revoked_at) return { ok: false, reason: "revoked" };
      const at = now();
      const expired =
        at.getTime() - row.last_seen_at.getTime() > idleMs
          ? "idle"
          : at.getTime() - row.created_at.getTime() > absoluteMs
            ? "absolute"
            : undefined;
      if (expired) {
        await this.revoke(secretHash);
        return { ok: false, reason: expired };
      }
      if (csrfToken !== null && (!csrfToken || !sameHash(sha256(csrfToken), row.csrf_token_hash)))
        return { ok: false, reason: "token" };
      await db
        .updateTable("sessions")
        .set({ last_seen_at: at })
        .where("company_id", "=", row.company_id)
        .where("secret_hash", "=", secretHash)
        .execute();
      return {
        ok: true,
        auth: { companyId: row.company_id, operatorId: row.operator_id, roleId: row.role_id, secretHash },
      };
    },

    async revoke(secretHash: string): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ revoked_at: now() })
        .where("secret_hash", "=", secretHash)
        .where("revoked_at", "is", null)
        .execute();
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
