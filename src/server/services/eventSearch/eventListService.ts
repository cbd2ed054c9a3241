import { type Kysely, type SqlBool, sql } from "kysely";
import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import {
  EVENT_SELECTION_LIMIT,
  EVENT_TOTAL_CAP,
  type EventListRow,
  type EventSearch,
} from "../../../contract/eventSearch.ts";
import { messageText } from "../../../contract/messages.ts";
import type { DetectionModel } from "../../../contract/releasedRules.ts";
import { ApiError } from "../../apiError.ts";
import type { Database } from "../../db/schema.ts";
import { tenantDetectionModels } from "../detectionModels.ts";
import { decodeCursor, type EventCursor, encodeCursor } from "./eventCursor.ts";
import { type EventSearchQuery, matchingEvents } from "./matchingEvents.ts";
import { searchInListOrder } from "./ruleCodeOrder.ts";
import { checkSearchModel } from "./searchModel.ts";

export interface EventListPage {
  rows: EventListRow[];
  nextCursor: string | null;
}

export interface EventTotal {
  total: number;
  totalCapped: boolean;
}

export interface EventListService {
  /** One page newest first after the cursor (676 when the first page is empty). */
  list(
    companyId: string,
    request: { search: EventSearch; pageSize: number; cursor: string | null },
    lang: Lang,
  ): Promise<EventListPage>;
  /** How many events match, exactly up to the cap ("150,000+" beyond). */
  count(companyId: string, search: EventSearch, lang: Lang): Promise<EventTotal>;
  /**
   * How many events match, their one screening model and the newest one's time (`until`, so the
   * selection stays the events counted); refuses too many (TooManyRows) or several models.
   */
  selectAll(
    companyId: string,
    search: EventSearch,
    lang: Lang,
  ): Promise<{ count: number; modelId: string; until: string }>;
  /** The newer (previous) and older (next) match around an event of the tenant (963 for any other). */
  neighbours(
    companyId: string,
    search: EventSearch,
    eventId: string,
    lang: Lang,
  ): Promise<{ previousEventId: string | null; nextEventId: string | null }>;
  /** The tenant's detection models, which the search's screening model dropdown offers. */
  models(companyId: string): Promise<DetectionModel[]>;
}

/** Where a search call's telegram holds the screening model. */
const MODEL_FIELD = "telegram.search.modelId";

export interface EventListLimits {
  /** The exact total stops here ("150,000+"). */
  totalCap: number;
  /** Select all refuses more than this. */
  selectionLimit: number;
}

/** created_at to the microsecond in UTC: the keyset position must be exact, a JS Date keeps milliseconds. */
const cursorAt = sql<string>`to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The deadline as the list shows it (ISO 8601 UTC, milliseconds): text, so no Date is parsed per row. */
const deadlineAt = sql<
  string | null
>`to_char(e.deadline at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The cursor's microsecond time cut to the milliseconds of an ISO 8601 createdAt ("….846123Z" -> "….846Z"). */
const isoMillis = (cursor: string) => `${cursor.slice(0, 23)}Z`;

const newestFirst = (query: EventSearchQuery) =>
  query.orderBy("e.created_at", "desc").orderBy("e.event_id", "desc");

const groupedNumber = (n: number) => n.toLocaleString("en-US");

export function createEventListService(
  deps: { db: Kysely<Database> },
  limits: EventListLimits = { totalCap: EVENT_TOTAL_CAP, selectionLimit: EVENT_SELECTION_LIMIT },
): EventListService {
  const { db } = deps;

  /**
   * Matches counted up to `cap + 1`, never a full count. Unordered: which rows fill the cap does not
   * matter, so the planner may count from whichever index (events_created covers the deleted flag and
   * the model, so a broad search is counted from the index alone).
   */
  function countUpTo(companyId: string, search: EventSearch, cap: number) {
    const limited = matchingEvents(db, companyId, search)
      .select(["e.model_id", "e.created_at"])
      .limit(cap + 1)
      .as("m");
    return db
      .selectFrom(limited)
      .select([
        sql<number>`count(*)::int`.as("n"),
        sql<string | null>`min(m.model_id)`.as("first_model"),
        sql<string | null>`max(m.model_id)`.as("last_model"),
        // The newest match to the microsecond (exact when all matches were counted).
        sql<string | null>`to_char(max(m.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
          "newest_at",
        ),
      ])
      .executeTakeFirstOrThrow();
  }

  /** One statement, one round trip (the planner settings it is tuned for are every connection's: db/connect.ts). */
  function pageRows(companyId: string, search: EventSearch, pageSize: number, after?: EventCursor) {
    const bound = after && { at: after.createdAt, eventId: after.eventId, side: "older" as const };
    const page = newestFirst(searchInListOrder(db, companyId, search, bound))
      .select([
        "e.event_id",
        "e.shop_event_id",
        "e.model_id",
        "e.created_at",
        cursorAt.as("cursor_at"),
        "e.aaresult",
        "e.maresult",
        "e.auth_status",
        "e.settle_status",
        "e.amount",
        "e.rule_group_name",
        "e.assignee_name",
        "e.label_names",
        "e.negatived",
        deadlineAt.as("deadline_at"),
      ])
      // One more than the page says whether there is a next page.
      .limit(pageSize + 1);
    return (
      db
        .with("page", () => page)
        .selectFrom("page")
        .leftJoin("event_parties as p", (join) =>
          join
            .on("p.company_id", "=", companyId)
            .onRef("p.event_id", "=", "page.event_id")
            .on("p.party", "=", "purchaser"),
        )
        .leftJoin("event_devices as d", (join) =>
          join.on("d.company_id", "=", companyId).onRef("d.event_id", "=", "page.event_id"),
        )
        // Every column text or a plain scalar: a page costs no Date parsing per row (createdAt comes from
        // the cursor's text, the deadline as text).
        .select([
          "page.event_id",
          "page.shop_event_id",
          "page.model_id",
          "page.cursor_at",
          "page.aaresult",
          "page.maresult",
          "page.auth_status",
          "page.settle_status",
          "page.amount",
          "page.rule_group_name",
          "page.assignee_name",
          "page.label_names",
          "page.negatived",
          "page.deadline_at",
        ])
        .select(["p.tel", "p.mobile_tel", "p.full_address", "p.mail_domain", "d.ipaddress"])
        .orderBy("page.created_at", "desc")
        .orderBy("page.event_id", "desc")
        .execute()
    );
  }

  return {
    async list(companyId, { search, pageSize, cursor }, lang) {
      const after = cursor === null ? undefined : decodeCursor(cursor);
      if (cursor !== null && after === undefined) {
        throw new ApiError(ERROR.validation, [
          { field: "telegram.cursor", message: messageText(lang, "validation.invalidType") },
        ]);
      }
      await checkSearchModel(db, companyId, search, lang, MODEL_FIELD);
      const rows = await pageRows(companyId, search, pageSize, after);
      const hasNext = rows.length > pageSize;
      const shown = hasNext ? rows.slice(0, pageSize) : rows;
      if (!after && shown.length === 0) throw new ApiError(ERROR.noDataFound);
      const last = shown.at(-1);
      return {
        rows: shown.map((row) => ({
          eventId: row.event_id,
          shopEventId: row.shop_event_id,
          modelId: row.model_id,
          createdAt: isoMillis(row.cursor_at),
          aaresult: row.aaresult,
          maresult: row.maresult,
          authStatus: row.auth_status,
          settleStatus: row.settle_status,
          amount: row.amount,
          ruleGroupName: row.rule_group_name,
          purchaserTel: row.tel ?? row.mobile_tel,
          purchaserAddress: row.full_address,
          purchaserMailDomain: row.mail_domain,
          ipaddress: row.ipaddress,
          assigneeName: row.assignee_name,
          labelNames: row.label_names,
          negatived: row.negatived,
          deadline: row.deadline_at,
        })),
        nextCursor:
          hasNext && last ? encodeCursor({ createdAt: last.cursor_at, eventId: last.event_id }) : null,
      };
    },

    async count(companyId, search, lang) {
      await checkSearchModel(db, companyId, search, lang, MODEL_FIELD);
      const { n } = await countUpTo(companyId, search, limits.totalCap);
      return { total: Math.min(n, limits.totalCap), totalCapped: n > limits.totalCap };
    },

    async selectAll(companyId, search, lang) {
      await checkSearchModel(db, companyId, search, lang, MODEL_FIELD);
      const { n, first_model, last_model, newest_at } = await countUpTo(
        companyId,
        search,
        limits.selectionLimit,
      );
      if (n === 0 || first_model === null || newest_at === null) throw new ApiError(ERROR.noDataFound);
      if (n > limits.selectionLimit) {
        throw new ApiError(ERROR.tooManyRows, [{}], { max: groupedNumber(limits.selectionLimit) });
      }
      if (first_model !== last_model) throw new ApiError(ERROR.multipleModels);
      // The selection is the events counted: those screened after the newest of them are not in it.
      return { count: n, modelId: first_model, until: newest_at };
    },

    async neighbours(companyId, search, eventId, lang) {
      await checkSearchModel(db, companyId, search, lang, MODEL_FIELD);
      const event = await db
        .selectFrom("events as e")
        .select(cursorAt.as("cursor_at"))
        .where("e.company_id", "=", companyId)
        .where("e.event_id", "=", eventId)
        .where(sql<SqlBool>`not e.logically_deleted`)
        .executeTakeFirst();
      if (!event) throw new ApiError(ERROR.notFound);
      const [previous, next] = await Promise.all([
        searchInListOrder(db, companyId, search, { at: event.cursor_at, eventId, side: "newer" })
          .select("e.event_id")
          .orderBy("e.created_at", "asc")
          .orderBy("e.event_id", "asc")
          .limit(1)
          .executeTakeFirst(),
        newestFirst(searchInListOrder(db, companyId, search, { at: event.cursor_at, eventId, side: "older" }))
          .select("e.event_id")
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { previousEventId: previous?.event_id ?? null, nextEventId: next?.event_id ?? null };
    },

    models: (companyId) => tenantDetectionModels(db, companyId),
  };
}
