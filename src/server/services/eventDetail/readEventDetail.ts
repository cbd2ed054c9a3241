import type { Kysely } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import type { EventDetail, EventParty } from "../../../contract/eventDetail.ts";
import type { Database } from "../../db/schema.ts";
import { registrationCoverage } from "../eventActions/negativeCoverage.ts";
import { NEGATIVE_CUSTOMER_TYPE, type NegativeParty } from "../eventActions/partyNegativeEntry.ts";
import { editBlockOf } from "./editBlock.ts";
import { readRelatedEvents } from "./relatedEventSummaries.ts";

/** Whom the detail is for: the edit block depends on who looks and when. */
export interface DetailViewer {
  operatorId: number;
  now: Date;
}

type Db = Kysely<Database>;

/** Timestamps nested in JSON come back as text in PostgreSQL's format; the contract's are ISO. */
const iso = (value: string | Date): string => new Date(value).toISOString();

/**
 * Every section of one event in one query (its own row with the model name and edit lock, and each
 * part as a JSON aggregate), beside its related events (two queries of their own). Undefined when the
 * tenant has no such event.
 */
export async function readEventDetail(
  db: Db,
  companyId: string,
  eventId: string,
  viewer: DetailViewer,
): Promise<EventDetail | undefined> {
  const [row, relatedEvents] = await Promise.all([
    eventWithParts(db, companyId, eventId).executeTakeFirst(),
    readRelatedEvents(db, companyId, eventId),
  ]);
  if (!row) return undefined;

  /** The customer types (purchaser, shipping) of the negative entries this event registered. */
  const registered = new Set(row.negativeEntries.map((entry) => entry.customer_type));
  const coverageOf = (party: NegativeParty) => {
    const partyRow = row.parties.find((candidate) => candidate.party === party);
    return partyRow ? registrationCoverage({ party: partyRow, device: row.device, card: row.card }) : [];
  };
  const firedRule = (rule: (typeof row.firedRules)[number]) => ({
    ruleCode: rule.rule_code,
    ruleDescription: rule.rule_description,
    ruleGroupName: rule.rule_group_name,
    isReasonRule: rule.is_reason_rule,
  });
  // The Simulation release's verdict and fired rules are stored with the event (simulation_result).
  const simulation = row.simulation_result as {
    releaseId?: unknown;
    aaresult?: unknown;
    firedRules?: EventDetail["firedRules"];
  } | null;
  const lock =
    row.lock_operator_id !== null &&
    row.lock_operator_name !== null &&
    row.lock_locked_at !== null &&
    row.lock_expires_at !== null
      ? {
          operatorId: row.lock_operator_id,
          operatorName: row.lock_operator_name,
          lockedAt: row.lock_locked_at,
          expiresAt: row.lock_expires_at,
        }
      : null;

  return {
    version: row.version,
    basic: {
      eventId: row.event_id,
      shopEventId: row.shop_event_id,
      modelId: row.model_id,
      modelName: row.model_name,
      rulePackageId: row.rule_package_id,
      authKind: row.auth_kind,
      authStatus: row.auth_status,
      aaresult: row.aaresult,
      maresult: row.maresult,
      settleStatus: row.settle_status,
      createdAt: row.created_at.toISOString(),
      requestedAt: row.requested_at.toISOString(),
      deadline: row.deadline?.toISOString() ?? null,
      assigneeId: row.assignee_id,
      assigneeName: row.assignee_name,
      totalAmount: row.total_amount,
      limitPrice: row.limit_price,
      ruleGroupName: row.rule_group_name,
      amount: row.amount,
      method: row.method,
      daysToPayment: row.days_to_payment,
      tenantName: row.tenant_name,
      negatived: row.negatived,
      labelIds: row.labels.map((label) => label.label_id),
      labelNames: row.labels.map((label) => label.name),
      logicallyDeleted: row.logically_deleted,
    },
    purchaser: partyOf(row.parties.find((party) => party.party === "purchaser")),
    shipping: partyOf(row.parties.find((party) => party.party === "shipping")),
    items: row.items.map((item) => ({
      shopItemId: item.shop_item_id,
      itemName: item.item_name,
      price: item.price,
      quantity: item.quantity,
      category: item.category,
      stock: item.stock,
    })),
    device: row.device && {
      cookie: row.device.cookie,
      primaryDid: row.device.primary_did,
      ipaddress: row.device.ipaddress,
      domainName: row.device.domain_name,
      lineJName: row.device.line_j_name,
      countryJName: row.device.country_j_name,
      prefCityJName: row.device.pref_city_j_name,
      latitude: row.device.latitude,
      longitude: row.device.longitude,
      timeZone: row.device.time_zone,
      deviceType: row.device.device_type,
      useragent: row.device.useragent,
      browserLanguage: row.device.browser_language,
      authoriId: row.device.authori_id,
      result: row.device.result,
      userDeviceId: row.device.user_device_id,
      didShort: row.device.did_short,
      didMiddle: row.device.did_middle,
      countryAName: row.device.country_a_name,
      prefAName: row.device.pref_a_name,
    },
    card: row.card && {
      issuer: row.card.issuer,
      cardBrand: row.card.card_brand,
      bincode: row.card.bincode,
      cchash: row.card.cchash,
      expirationDate: row.card.expiration_date,
      authoriCode: row.card.authori_code,
      authoriComment: row.card.authori_comment,
      paymentCount: row.card.payment_count,
    },
    other: { memo: row.memo },
    firedRules: row.firedRules.map(firedRule),
    simulation:
      simulation && typeof simulation.releaseId === "string"
        ? {
            releaseId: simulation.releaseId,
            aaresult: simulation.aaresult as EventDetail["basic"]["aaresult"],
            firedRules: (simulation.firedRules ?? []).map((rule) => ({
              ruleCode: rule.ruleCode,
              ruleDescription: rule.ruleDescription,
              ruleGroupName: rule.ruleGroupName,
              isReasonRule: rule.isReasonRule,
            })),
          }
        : null,
    manualHistory: row.history.map((entry) => ({
      updatedAt: iso(entry.updated_at),
      result: String(entry.result),
      reason: entry.reason,
      operatorName: entry.operator_name,
      memo: entry.memo,
      labelNames: entry.label_names,
    })),
    memos: row.memos.map((memo) => ({
      createdAt: iso(memo.created_at),
      operatorName: memo.operator_name,
      memo: memo.memo,
    })),
    relatedEvents,
    negativeParties: {
      purchaser: registered.has(NEGATIVE_CUSTOMER_TYPE.purchaser),
      shipping: registered.has(NEGATIVE_CUSTOMER_TYPE.shipping),
    },
    negativeCoverage: { purchaser: coverageOf("purchaser"), shipping: coverageOf("shipping") },
    editBlock: editBlockOf(
      { busyState: row.busy_state, logicallyDeleted: row.logically_deleted },
      lock,
      viewer.operatorId,
      viewer.now,
    ),
  };
}

function eventWithParts(db: Db, companyId: string, eventId: string) {
  return db
    .selectFrom("events as e")
    .leftJoin("detection_models as m", (join) =>
      join.onRef("m.company_id", "=", "e.company_id").onRef("m.model_id", "=", "e.model_id"),
    )
    .leftJoin("event_edit_locks as k", (join) =>
      join.onRef("k.company_id", "=", "e.company_id").onRef("k.event_id", "=", "e.event_id"),
    )
    .selectAll("e")
    .select([
      "m.model_name",
      "k.operator_id as lock_operator_id",
      "k.operator_name as lock_operator_name",
      "k.locked_at as lock_locked_at",
      "k.expires_at as lock_expires_at",
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("event_labels as el")
          .innerJoin("labels as l", (join) =>
            join.onRef("l.company_id", "=", "el.company_id").onRef("l.label_id", "=", "el.label_id"),
          )
          .select(["l.label_id", "l.name"])
          .whereRef("el.company_id", "=", "e.company_id")
          .whereRef("el.event_id", "=", "e.event_id")
          .orderBy("l.display_order")
          .orderBy("l.label_id"),
      ).as("labels"),
      jsonArrayFrom(
        eb
          .selectFrom("event_parties as p")
          .selectAll("p")
          .whereRef("p.company_id", "=", "e.company_id")
          .whereRef("p.event_id", "=", "e.event_id"),
      ).as("parties"),
      jsonArrayFrom(
        eb
          .selectFrom("event_items as i")
          .selectAll("i")
          .whereRef("i.company_id", "=", "e.company_id")
          .whereRef("i.event_id", "=", "e.event_id")
          .orderBy("i.item_no"),
      ).as("items"),
      jsonArrayFrom(
        eb
          .selectFrom("negatives as n")
          .select("n.customer_type")
          .whereRef("n.company_id", "=", "e.company_id")
          .whereRef("n.event_id", "=", "e.event_id"),
      ).as("negativeEntries"),
      jsonObjectFrom(
        eb
          .selectFrom("event_devices as d")
          .selectAll("d")
          .whereRef("d.company_id", "=", "e.company_id")
          .whereRef("d.event_id", "=", "e.event_id"),
      ).as("device"),
      jsonObjectFrom(
        eb
          .selectFrom("event_cards as c")
          .selectAll("c")
          .whereRef("c.company_id", "=", "e.company_id")
          .whereRef("c.event_id", "=", "e.event_id"),
      ).as("card"),
      jsonArrayFrom(
        eb
          .selectFrom("event_fired_rules as f")
          .select(["f.rule_code", "f.rule_description", "f.rule_group_name", "f.is_reason_rule"])
          .whereRef("f.company_id", "=", "e.company_id")
          .whereRef("f.event_id", "=", "e.event_id")
          .where("f.release_kind", "=", "normal")
          .orderBy("f.seq"),
      ).as("firedRules"),
      jsonArrayFrom(
        eb
          .selectFrom("event_manual_history as h")
          .select(["h.updated_at", "h.result", "h.reason", "h.operator_name", "h.memo", "h.label_names"])
          .whereRef("h.company_id", "=", "e.company_id")
          .whereRef("h.event_id", "=", "e.event_id")
          .orderBy("h.updated_at", "desc")
          .orderBy("h.history_id", "desc"),
      ).as("history"),
      jsonArrayFrom(
        eb
          .selectFrom("event_memos as n")
          .select(["n.created_at", "n.operator_name", "n.memo"])
          .whereRef("n.company_id", "=", "e.company_id")
          .whereRef("n.event_id", "=", "e.event_id")
          .orderBy("n.created_at", "desc")
          .orderBy("n.memo_id", "desc"),
      ).as("memos"),
    ])
    .where("e.company_id", "=", companyId)
    .where("e.event_id", "=", eventId);
}

type PartyRow = Database["event_parties"];

function partyOf(party: { [K in keyof PartyRow]: PartyRow[K] } | undefined): EventParty | null {
  if (!party) return null;
  return {
    shopMemberId: party.shop_member_id,
    lastNameHash: party.last_name_hash,
    firstNameHash: party.first_name_hash,
    zipcode: party.zipcode,
    fullAddress: party.full_address,
    tel: party.tel,
    telStatus: party.tel_status,
    mobileTel: party.mobile_tel,
    mobileTelStatus: party.mobile_tel_status,
    mailAccountHash: party.mail_account_hash,
    mailDomain: party.mail_domain,
    mobileMailAccountHash: party.mobile_mail_account_hash,
    mobileMailDomain: party.mobile_mail_domain,
    birthdate: party.birthdate,
    sex: party.sex,
    company: party.company,
    depart: party.depart,
    post: party.post,
    existingCustomerFlg: party.existing_customer_flg,
    mediaCode: party.media_code,
    deliveryCompany: party.delivery_company,
  };
}
