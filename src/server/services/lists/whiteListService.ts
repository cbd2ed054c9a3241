import {
  WHITE_EXPIRING_DAYS,
  WHITE_SEARCH_LIMIT,
  type WhiteEntryType,
  whiteExpiryInstant,
  whiteValueLines,
} from "../../../contract/whiteList.ts";
import { operatorActor } from "../../audit/operatorActor.ts";
import { recordAudit } from "../../audit/recordAudit.ts";
import { searchWhiteEntries } from "../../lists/whiteSearch.ts";
import { addWhiteEntries, deleteWhiteEntries } from "../../lists/whiteWrites.ts";
import type { ServiceDeps } from "../deps.ts";

export interface WhiteSearchRequest {
  type: WhiteEntryType | "";
  value: string;
  createdFrom?: string;
  createdTo?: string;
  expiringSoon?: boolean;
}

export interface WhiteAddRequest {
  type: WhiteEntryType;
  values: string;
  /** yyyy-MM-dd (JST) or empty. */
  validUntil: string;
  note: string;
}

/** Most entries an audit summary names; the count says how many there were in all. */
const AUDITED_ENTRIES = 20;
const auditedEntries = <T>(entries: readonly T[]) => ({
  count: entries.length,
  entries: entries.slice(0, AUDITED_ENTRIES),
});

const expiringWindow = (at: Date) => ({
  now: at,
  until: new Date(at.getTime() + WHITE_EXPIRING_DAYS * 86_400_000),
});

/** The white list screens (/white, /white/new) over src/server/lists, scoped to the caller's tenant. */
export function createWhiteListService(deps: ServiceDeps) {
  const { db, now } = deps;
  return {
    async search(companyId: string, request: WhiteSearchRequest) {
      const rows = await searchWhiteEntries(db, companyId, {
        type: request.type === "" ? undefined : request.type,
        valuePrefix: request.value,
        createdFrom: request.createdFrom === undefined ? undefined : new Date(request.createdFrom),
        createdTo: request.createdTo === undefined ? undefined : new Date(request.createdTo),
        expiring: request.expiringSoon ? expiringWindow(now()) : undefined,
        limit: WHITE_SEARCH_LIMIT,
      });
      return rows.map((row) => ({
        type: row.entry_type,
        value: row.value,
        createdAt: row.created_at.toISOString(),
        operatorName: row.operator_name,
        validUntil: row.valid_until?.toISOString() ?? null,
        note: row.note,
      }));
    },

    /** Adds the entered values (validated by the contract); a duplicate refreshes its time and operator. */
    async add(companyId: string, operatorId: number, request: WhiteAddRequest, sourceIp: string) {
      const validUntil = request.validUntil === "" ? null : whiteExpiryInstant(request.validUntil);
      const entries = whiteValueLines(request.values).map((value) => ({
        type: request.type,
        value,
        validUntil,
        note: request.note,
      }));
      await db.transaction().execute(async (trx) => {
        const at = now();
        const { refused } = await addWhiteEntries(trx, companyId, entries, { operatorId, at });
        if (refused.length > 0) return;
        // With the change itself: a refused add (validation, permission) never gets here.
        const actor = await operatorActor(trx, { companyId, operatorId, sourceIp });
        const after = auditedEntries(entries);
        await recordAudit(trx, { ...actor, at, action: "white", target: `white:${request.type}`, after });
      });
      return entries.length;
    },

    delete(
      companyId: string,
      entries: readonly { type: WhiteEntryType; value: string }[],
      by: { operatorId: number; sourceIp: string },
    ) {
      return db.transaction().execute(async (trx) => {
        const deleted = await deleteWhiteEntries(trx, companyId, entries);
        const actor = await operatorActor(trx, { companyId, ...by });
        const before = { ...auditedEntries(entries), deleted };
        await recordAudit(trx, { ...actor, at: now(), action: "white", target: "white", before });
        return deleted;
      });
    },
  };
}

export type WhiteListService = ReturnType<typeof createWhiteListService>;
