import { sql } from "kysely";
import { type AllowedIpEntry, type AllowedIpKind, PREVIEW_DAYS } from "../../../contract/allowedIp.ts";
import { ERROR } from "../../../contract/errors.ts";
import { ApiError } from "../../apiError.ts";
import { recordAudit } from "../../audit/recordAudit.ts";
import { ipListAllows } from "../allowedIpService.ts";
import { type ApiCallCounter, apiCallsBySource } from "../apiCallCounter.ts";
import type { ServiceDeps } from "../deps.ts";
import { type AdminCaller, beginAdminChange } from "./adminTransaction.ts";

/**
 * The allowed IP lists read and saved as a whole (/AllowedIpAddress). Enforcement reads the saved
 * rows on every call (sessionService.check, authService's login, shopAuthService's fingerprint), so
 * an Update applies from the next call on.
 */
export function createAllowedIpAdminService(deps: ServiceDeps, apiCalls?: ApiCallCounter) {
  const { db, now } = deps;

  const savedList = (companyId: string, kind: AllowedIpKind, from = db) =>
    from
      .selectFrom("allowed_ip_addresses")
      .select(["address", "subnet"])
      .where("company_id", "=", companyId)
      .where("kind", "=", kind)
      .orderBy("address")
      .orderBy("subnet")
      .execute();

  return {
    async list(companyId: string) {
      const [console, api] = await Promise.all([
        savedList(companyId, "console"),
        savedList(companyId, "api"),
      ]);
      return { console, api };
    },

    /**
     * Replaces the list. A console list that would refuse the caller's own address is refused: the
     * administrator would be signed out by their next call with nobody left to undo it.
     */
    async update(caller: AdminCaller, kind: AllowedIpKind, entries: readonly AllowedIpEntry[]) {
      if (kind === "console" && !ipListAllows(entries, caller.sourceIp))
        throw new ApiError(ERROR.selfLockout, [{ field: "telegram.entries" }], { address: caller.sourceIp });
      return db.transaction().execute(async (trx) => {
        const actor = await beginAdminChange(trx, caller);
        const before = await savedList(caller.companyId, kind, trx);
        await trx
          .deleteFrom("allowed_ip_addresses")
          .where("company_id", "=", caller.companyId)
          .where("kind", "=", kind)
          .execute();
        if (entries.length > 0)
          await trx
            .insertInto("allowed_ip_addresses")
            .values(entries.map((entry) => ({ company_id: caller.companyId, kind, ...entry })))
            .execute();
        const after = await savedList(caller.companyId, kind, trx);
        const cidr = (list: typeof before) => list.map((entry) => `${entry.address}/${entry.subnet}`);
        await recordAudit(trx, {
          ...actor,
          at: now(),
          action: "allowedIpUpdate",
          target: `allowedIp:${kind}`,
          before: cidr(before),
          after: cidr(after),
        });
        return after;
      });
    },

    /**
     * What the edited list would refuse of the last PREVIEW_DAYS days: for the console's list, the
     * sign-in attempts by source address (login_attempts); for the API's, the screening API's calls by
     * source address (api_call_sources, this process's latest counts written first).
     */
    async preview(companyId: string, kind: AllowedIpKind, entries: readonly AllowedIpEntry[]) {
      const since = new Date(now().getTime() - PREVIEW_DAYS * 86_400_000);
      const refusedOf = (sources: { address: string; count: number }[]) =>
        sources.filter((source) => !ipListAllows(entries, source.address));
      const total = (sources: { count: number }[]) => sources.reduce((sum, source) => sum + source.count, 0);
      if (kind === "api") {
        await apiCalls?.flush();
        const calls = await apiCallsBySource(db, companyId, since);
        const refused = refusedOf(calls.map((row) => ({ address: row.sourceIp, count: row.calls })));
        return {
          days: PREVIEW_DAYS,
          refusedSignIns: 0,
          refusedSignInSources: [],
          refusedApiCalls: total(refused),
          refusedApiCallSources: refused,
        };
      }
      const { rows } = await sql<{ source_ip: string; n: string }>`select source_ip, count(*) as n
        from login_attempts where company_id = ${companyId} and attempted_at >= ${since}
        group by source_ip order by count(*) desc, source_ip`.execute(db);
      const refused = refusedOf(rows.map((row) => ({ address: row.source_ip, count: Number(row.n) })));
      return {
        days: PREVIEW_DAYS,
        refusedSignIns: total(refused),
        refusedSignInSources: refused,
        refusedApiCalls: 0,
        refusedApiCallSources: [],
      };
    },
  };
}

export type AllowedIpAdminService = ReturnType<typeof createAllowedIpAdminService>;
