import { type Kysely, sql } from "kysely";
import { PERMISSION, type Permission } from "../../contract/codes.ts";
import type { ScreenId } from "../../contract/screens.ts";
import type { Config } from "../config.ts";
import { PREPARED } from "../db/preparedStatements.ts";
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

/** How often a session's activity is written at most (so the idle timeout is exact to this). */
export const TOUCH_INTERVAL_MS = 10_000;

interface SessionRow {
  company_id: string;
  operator_id: number;
  csrf_token_hash: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  revoked_at: Date | string | null;
  role_id: string;
  permission: Permission | null;
  also_permission: Permission | null;
  console_ips: [string, number][];
}

export type SessionCheck =
  | {
      ok: true;
      auth: AuthContext;
      /** The role's permission for the screen asked about ("20" when none was asked). */
      permission: Permission;
      /** The role's permission for the screen also asked about ("20" without a row); null when none was. */
      alsoPermission: Permission | null;
      /** The company's console allowed-IP list (empty: every address). */
      consoleIps: { address: string; subnet: number }[];
    }
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
     * and the SameSite=Strict cookie never leaves another site's request anyway. What the guard judges
     * next comes in the same round trip: the company's console allowed-IP list and, when `screenId` is
     * given, the role's permission for that screen, and for `alsoScreenId` when given ("20" without a row).
     */
    async check(
      secret: string | undefined,
      csrfToken: string | undefined | null,
      screenId?: ScreenId,
      alsoScreenId?: ScreenId,
    ): Promise<SessionCheck> {
      if (!secret) return { ok: false, reason: "missing" };
      const secretHash = sha256(secret);
      const { rows } = await sql<SessionRow>`${sql.raw(PREPARED)}select s.company_id, s.operator_id,
          s.csrf_token_hash, s.created_at, s.last_seen_at, s.revoked_at, o.role_id,
          (select rp.permission from role_permissions rp
            where rp.company_id = s.company_id and rp.role_id = o.role_id and rp.screen_id = ${screenId ?? ""}) as permission,
          (select rp.permission from role_permissions rp
            where rp.company_id = s.company_id and rp.role_id = o.role_id and rp.screen_id = ${alsoScreenId ?? ""}) as also_permission,
          (select coalesce(json_agg(json_build_array(a.address, a.subnet)), '[]'::json) from allowed_ip_addresses a
            where a.company_id = s.company_id and a.kind = 'console') as console_ips
        from sessions s join operators o on o.company_id = s.company_id and o.id = s.operator_id
        where s.secret_hash = ${secretHash}`.execute(db);
      const row = rows[0];
      if (!row) return { ok: false, reason: "unknown" };
      if (row.revoked_at) return { ok: false, reason: "revoked" };
      const at = now();
      const idleFor = at.getTime() - new Date(row.last_seen_at).getTime();
      const expired =
        idleFor > idleMs
          ? "idle"
          : at.getTime() - new Date(row.created_at).getTime() > absoluteMs
            ? "absolute"
            : undefined;
      if (expired) {
        await this.revoke(secretHash);
        return { ok: false, reason: expired };
      }
      if (csrfToken !== null && (!csrfToken || !sameHash(sha256(csrfToken), row.csrf_token_hash)))
        return { ok: false, reason: "token" };
      // Activity is written at most every TOUCH_INTERVAL_MS: a write (and its commit) on every call
      // would cost more than the idle timeout's precision is worth.
      if (idleFor >= TOUCH_INTERVAL_MS) {
        await db
          .updateTable("sessions")
          .set({ last_seen_at: at })
          .where("company_id", "=", row.company_id)
          .where("secret_hash", "=", secretHash)
          .execute();
      }
      return {
        ok: true,
        auth: { companyId: row.company_id, operatorId: row.operator_id, roleId: row.role_id, secretHash },
        permission: row.permission ?? PERMISSION.none,
        alsoPermission: alsoScreenId ? (row.also_permission ?? PERMISSION.none) : null,
        consoleIps: row.console_ips.map(([address, subnet]) => ({ address, subnet })),
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
