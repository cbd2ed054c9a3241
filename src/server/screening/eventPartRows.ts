import type { AuthKind, Party, Transaction } from "../../contract/screening.ts";
import type { IpGeo } from "./ipGeo.ts";
import type { LinkKeyValue } from "./linkKeys.ts";
import { manualDeadlineOf } from "./manualDeadline.ts";
import { normalizeDomain } from "./normalize.ts";
import type { FiredRule, ReleaseDecision, SimulationResult } from "./types.ts";

/** What the rows of a screened event's parts are built from. */
export interface ScreenedEventParts {
  companyId: string;
  eventId: string;
  tx: Transaction;
  decision: ReleaseDecision;
  simulation: SimulationResult | null;
  geo: IpGeo | undefined;
  linkKeys: readonly LinkKeyValue[];
  now: Date;
}

/** A screened event with what its events row needs besides its parts. */
export interface ScreenedEvent extends ScreenedEventParts {
  modelId: string;
  applicationId: string | null;
  packageId: string | null;
  /** How it was screened: the screening API (real time) or a CSV detection upload. */
  authKind: AuthKind;
  /** The CSV screening job storing it: stored under screening (busy_state) for that job. */
  busyJobId?: string;
}

/** The events columns a screening writes; the others (manual result, labels, ...) keep their defaults. */
export const EVENT_COLUMNS = [
  "company_id",
  "event_id",
  "shop_event_id",
  "model_id",
  "rule_package_id",
  "release_id",
  "simulation_release_id",
  "application_id",
  "auth_kind",
  "auth_status",
  "aaresult",
  "created_at",
  "requested_at",
  "deadline",
  "amount",
  "total_amount",
  "rule_group_name",
  "method",
  "days_to_payment",
  "tenant_name",
  "busy_state",
  "busy_job_id",
  "forced_ng",
  "memo",
  "simulation_result",
] as const;
export type EventRow = Record<(typeof EVENT_COLUMNS)[number], unknown>;

/** The events row of a screened event, as JSON (timestamps as ISO strings). */
export function eventRow(event: ScreenedEvent): EventRow {
  const { tx, decision, now } = event;
  return {
    company_id: event.companyId,
    event_id: event.eventId,
    shop_event_id: tx.shopEventId,
    model_id: event.modelId,
    rule_package_id: event.packageId,
    release_id: decision.releaseId,
    simulation_release_id: event.simulation?.releaseId ?? null,
    application_id: event.applicationId,
    auth_kind: event.authKind,
    auth_status: decision.authStatus,
    aaresult: decision.aaresult,
    created_at: now.toISOString(),
    requested_at: tx.requestedAt ? new Date(tx.requestedAt).toISOString() : now.toISOString(),
    deadline: manualDeadlineOf(decision.aaresult, now)?.toISOString() ?? null,
    amount: tx.amount,
    total_amount: tx.totalAmount ?? null,
    rule_group_name: decision.ruleGroupName,
    method: tx.method ?? null,
    days_to_payment: tx.daysToPayment ?? null,
    tenant_name: tx.tenantName ?? null,
    busy_state: event.busyJobId ? "screening" : null,
    busy_job_id: event.busyJobId ?? null,
    forced_ng: tx.forcedNg === true,
    memo: tx.memo ?? null,
    simulation_result: event.simulation,
  };
}

export const EVENT_PART_TABLES = [
  "event_parties",
  "event_items",
  "event_devices",
  "event_cards",
  "event_fired_rules",
  "event_link_keys",
] as const;
export type EventPartTable = (typeof EVENT_PART_TABLES)[number];
export type EventPartRows = Record<EventPartTable, Record<string, unknown>[]>;

const partyRow = (companyId: string, eventId: string, party: "purchaser" | "shipping", p: Party) => ({
  company_id: companyId,
  event_id: eventId,
  party,
  shop_member_id: p.shopMemberId,
  last_name_hash: p.lastNameHash,
  first_name_hash: p.firstNameHash,
  zipcode: p.zipcode,
  full_address: p.fullAddress,
  tel: p.tel,
  tel_status: p.telStatus,
  mobile_tel: p.mobileTel,
  mobile_tel_status: p.mobileTelStatus,
  mail_account_hash: p.mailAccountHash,
  // Lower case, as every comparison of domains is (the search's index is on the stored value).
  mail_domain: normalizeDomain(p.mailDomain),
  mobile_mail_account_hash: p.mobileMailAccountHash,
  mobile_mail_domain: normalizeDomain(p.mobileMailDomain),
  birthdate: p.birthdate,
  sex: p.sex,
  company: p.company,
  depart: p.depart,
  post: p.post,
  existing_customer_flg: p.existingCustomerFlg,
  media_code: p.mediaCode,
  delivery_company: p.deliveryCompany,
});

/** The deciding release's fired rules (a Simulation release's stay in events.simulation_result). */
const firedRows = (companyId: string, eventId: string, rules: readonly FiredRule[], now: Date) =>
  rules.map((rule, index) => ({
    company_id: companyId,
    event_id: eventId,
    release_kind: "normal" as const,
    seq: index + 1,
    rule_code: rule.ruleCode,
    rule_description: rule.ruleDescription,
    rule_group_name: rule.ruleGroupName,
    is_reason_rule: rule.isReasonRule,
    // The event's created_at, so a rule code's events are indexed in list order (migration 011).
    created_at: now.toISOString(),
  }));

/**
 * The rows of every part table for one screened event. The engine's single-statement store and the
 * demo seed's batch writer both write exactly these, so a seeded event equals a screened one.
 */
export function eventPartRows(event: ScreenedEventParts): EventPartRows {
  const { companyId, eventId, tx, decision, geo, now } = event;
  const { device, card } = tx;
  return {
    event_parties: [
      partyRow(companyId, eventId, "purchaser", tx.purchaser),
      ...(tx.shipping ? [partyRow(companyId, eventId, "shipping", tx.shipping)] : []),
    ],
    event_items: tx.items.map((item, index) => ({
      company_id: companyId,
      event_id: eventId,
      item_no: index + 1,
      shop_item_id: item.shopItemId,
      item_name: item.itemName,
      price: item.price,
      quantity: item.quantity,
      category: item.category,
      stock: item.stock,
    })),
    event_devices: device
      ? [
          {
            company_id: companyId,
            event_id: eventId,
            cookie: device.cookie,
            primary_did: device.primaryDid,
            ipaddress: device.ipaddress,
            domain_name: geo?.domainName,
            line_j_name: geo?.lineJName,
            country_code: geo?.countryCode,
            country_j_name: geo?.countryJName,
            country_a_name: geo?.countryAName,
            pref_city_j_name: geo?.prefJName,
            pref_a_name: geo?.prefAName,
            latitude: geo?.latitude,
            longitude: geo?.longitude,
            time_zone: device.timeZone,
            device_type: device.deviceType,
            useragent: device.useragent,
            browser_language: device.browserLanguage,
            user_device_id: device.userDeviceId,
            did_short: device.didShort,
            did_middle: device.didMiddle,
          },
        ]
      : [],
    event_cards: card
      ? [
          {
            company_id: companyId,
            event_id: eventId,
            issuer: card.issuer,
            card_brand: card.cardBrand,
            bincode: card.bincode,
            cchash: card.cchash,
            expiration_date: card.expirationDate,
            authori_code: card.authoriCode,
            authori_comment: card.authoriComment,
            payment_count: card.paymentCount,
          },
        ]
      : [],
    event_fired_rules: firedRows(companyId, eventId, decision.firedRules, now),
    event_link_keys: event.linkKeys.map((key) => ({
      company_id: companyId,
      key_type: key.keyType,
      key_value: key.value,
      created_at: now.toISOString(),
      event_id: eventId,
      amount: tx.amount,
    })),
  };
}
