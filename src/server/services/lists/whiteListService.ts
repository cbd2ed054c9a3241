import {
  WHITE_EXPIRING_DAYS,
  WHITE_SEARCH_LIMIT,
  type WhiteEntryType,
  whiteExpiryInstant,
  whiteValueLines,
} from "../../../contract/whiteList.ts";
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
    async add(companyId: string, operatorId: number, request: WhiteAddRequest) {
      const validUntil = request.validUntil === "" ? null : whiteExpiryInstant(request.validUntil);
      const entries = whiteValueLines(request.values).map((value) => ({
        type: request.type,
        value,
        validUntil,
        note: request.note,
      }));
      await db
        .transaction()
        .execute((trx) => addWhiteEntries(trx, companyId, entries, { operatorId, at: now() }));
      return entries.length;
    },

    delete(companyId: string, entries: readonly { type: WhiteEntryType; value: string }[]) {
      return db.transaction().execute((trx) => deleteWhiteEntries(trx, companyId, entries));
    },
  };
}

export type WhiteListService = ReturnType<typeof createWhiteListService>;
