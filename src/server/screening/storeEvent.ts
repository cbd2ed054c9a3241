import { type Kysely, sql } from "kysely";
import type { Party, Transaction } from "../../contract/screening.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import type { Database } from "../db/schema.ts";
import type { IpGeo } from "../services/ipGeo.ts";
import type { LinkKeyValue } from "./linkKeys.ts";
import type { FiredRule, ReleaseDecision, SimulationResult } from "./types.ts";

export interface EventToStore {
  companyId: string;
  eventId: string;
  modelId: string;
  applicationId: string | null;
  packageId: string | null;
  tx: Transaction;
  decision: ReleaseDecision;
  simulation: SimulationResult | null;
  geo: IpGeo | undefined;
  linkKeys: readonly LinkKeyValue[];
  now: Date;
}

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
  mobile_tel: p.mobileTel,
  mail_account_hash: p.mailAccountHash,
  mail_domain: p.mailDomain,
  mobile_mail_account_hash: p.mobileMailAccountHash,
  mobile_mail_domain: p.mobileMailDomain,
  birthdate: p.birthdate,
  sex: p.sex,
  company: p.company,
  depart: p.depart,
  post: p.post,
  existing_customer_flg: p.existingCustomerFlg,
  media_code: p.mediaCode,
  delivery_company: p.deliveryCompany,
});

const firedRows = (
  companyId: string,
  eventId: string,
  kind: "normal" | "simulation",
  rules: readonly FiredRule[],
) =>
  rules.map((rule, index) => ({
    company_id: companyId,
    event_id: eventId,
    release_kind: kind,
    seq: index + 1,
    rule_code: rule.ruleCode,
    rule_description: rule.ruleDescription,
    rule_group_name: rule.ruleGroupName,
    is_reason_rule: rule.isReasonRule,
  }));

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/** Inserts the rows of each part from a JSON array, only when the event row was inserted. */
const partInsert = (table: string, rows: unknown[]) =>
  sql`insert into ${sql.table(table)} select r.* from e, jsonb_populate_recordset(null::${sql.table(table)}, ${json(rows)}) r`;

/**
 * Stores the event and all its parts in one statement (so one transaction and one round trip). The
 * event row is inserted unless the tenant already has the shop event ID; then nothing is stored and
 * false is answered. An event ID collision raises the unique violation of events_pkey.
 */
export async function storeEvent(db: Kysely<Database>, event: EventToStore): Promise<boolean> {
  const { companyId, eventId, tx, decision, geo, now } = event;
  const parties = [partyRow(companyId, eventId, "purchaser", tx.purchaser)];
  if (tx.shipping) parties.push(partyRow(companyId, eventId, "shipping", tx.shipping));
  const items = tx.items.map((item, index) => ({
    company_id: companyId,
    event_id: eventId,
    item_no: index + 1,
    shop_item_id: item.shopItemId,
    item_name: item.itemName,
    price: item.price,
    quantity: item.quantity,
    category: item.category,
    stock: item.stock,
  }));
  const device = tx.device;
  const devices = device
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
    : [];
  const card = tx.card;
  const cards = card
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
    : [];
  const fired = [
    ...firedRows(companyId, eventId, "normal", decision.firedRules),
    ...firedRows(companyId, eventId, "simulation", event.simulation?.firedRules ?? []),
  ];
  const linkKeys = event.linkKeys.map((key) => ({
    company_id: companyId,
    key_type: key.keyType,
    key_value: key.value,
    created_at: now.toISOString(),
    event_id: eventId,
    amount: tx.amount,
  }));
  const requestedAt = tx.requestedAt ? new Date(tx.requestedAt) : now;
  const { rows } = await sql<{ event_id: string }>`${sql.raw(PREPARED)}
    with e as (
      insert into events (company_id, event_id, shop_event_id, model_id, rule_package_id, release_id,
        simulation_release_id, application_id, auth_status, aaresult, created_at, requested_at, amount,
        total_amount, rule_group_name, method, days_to_payment, tenant_name, forced_ng, memo, simulation_result)
      values (${companyId}, ${eventId}, ${tx.shopEventId}, ${event.modelId}, ${event.packageId},
        ${decision.releaseId}, ${event.simulation?.releaseId ?? null}, ${event.applicationId},
        ${decision.authStatus}, ${decision.aaresult}, ${now}, ${requestedAt}, ${tx.amount},
        ${tx.totalAmount ?? null}, ${decision.ruleGroupName}, ${tx.method ?? null},
        ${tx.daysToPayment ?? null}, ${tx.tenantName ?? null}, ${tx.forcedNg === true}, ${tx.memo ?? null},
        ${event.simulation ? JSON.stringify(event.simulation) : null}::jsonb)
      on conflict (company_id, shop_event_id) do nothing
      returning company_id, event_id
    ),
    p as (${partInsert("event_parties", parties)}),
    i as (${partInsert("event_items", items)}),
    d as (${partInsert("event_devices", devices)}),
    c as (${partInsert("event_cards", cards)}),
    f as (${partInsert("event_fired_rules", fired)}),
    k as (${partInsert("event_link_keys", linkKeys)})
    select event_id from e`.execute(db);
  return rows.length > 0;
}
