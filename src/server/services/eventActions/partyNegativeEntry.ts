import type { Database, NewNegative } from "../../db/schema.ts";
import { domainHash } from "../../screening/normalize.ts";

/** Customer type of a negative entry registered for one party (spec 9: 0 purchaser, 1 shipping). */
export const NEGATIVE_CUSTOMER_TYPE = { purchaser: "0", shipping: "1" } as const;
export type NegativeParty = keyof typeof NEGATIVE_CUSTOMER_TYPE;

/** Add type of an entry an operator registered from an event (spec 9: upload origin 20, the shop). */
export const NEGATIVE_ADD_TYPE_FROM_EVENT = "20";

type PartyRow = Database["event_parties"];
type DeviceRow = Database["event_devices"];
type CardRow = Database["event_cards"];

/** What an entry takes from the event: the party's values, and the event's device and card. */
export type PartyNegativeData = {
  party: Pick<
    PartyRow,
    | "shop_member_id"
    | "last_name_hash"
    | "first_name_hash"
    | "zipcode"
    | "full_address"
    | "birthdate"
    | "tel"
    | "mobile_tel"
    | "mail_account_hash"
    | "mail_domain"
    | "mobile_mail_account_hash"
    | "mobile_mail_domain"
    | "company"
    | "depart"
  >;
  device:
    | Pick<DeviceRow, "ipaddress" | "cookie" | "device_type" | "primary_did" | "did_middle" | "did_short">
    | null
    | undefined;
  card: Pick<CardRow, "cchash"> | null | undefined;
};

/**
 * The entry's values taken from the event (docs/architecture.md): the party's own identifiers
 * (member ID, name hashes, zipcode, address, birth date, phones, e-mail account hashes and domain
 * hashes, company, department) plus the event's device (IP, cookie, device IDs, type) and card hash,
 * which the engine matches for either party. Stored as entered; the look-up keys are derived from
 * them by syncNegativeKeys (lists/negativeLookup.ts), exactly as for every entry.
 */
export function partyNegativeValues({ party: p, device, card }: PartyNegativeData) {
  const ip = device?.ipaddress ?? null;
  const isV6 = ip?.includes(":") ?? false;
  return {
    shop_member_id: p.shop_member_id,
    normalized_last_name: p.last_name_hash,
    normalized_first_name: p.first_name_hash,
    zipcode: p.zipcode,
    full_address: p.full_address,
    birth_date: p.birthdate,
    tel: p.tel,
    mobile_tel: p.mobile_tel,
    mail_account: p.mail_account_hash,
    mail_domain: domainHash(p.mail_domain ?? undefined) ?? null,
    mobile_mail_account: p.mobile_mail_account_hash,
    mobile_mail_domain: domainHash(p.mobile_mail_domain ?? undefined) ?? null,
    company: p.company,
    depart: p.depart,
    cookie: device?.cookie ?? null,
    ipaddress: isV6 ? null : ip,
    ipaddressv6: isV6 ? ip : null,
    device_type: device?.device_type ?? null,
    primary_did: device?.primary_did ?? null,
    did_middle: device?.did_middle ?? null,
    did_short: device?.did_short ?? null,
    cchash: card?.cchash ?? null,
  } satisfies Partial<NewNegative>;
}

export interface PartyNegativeSource {
  companyId: string;
  eventId: string;
  shopEventId: string;
  tenantName: string | null;
  party: NegativeParty;
  partyRow: PartyRow;
  device: DeviceRow | undefined;
  card: CardRow | undefined;
  settleCategory: string | null;
  otherCategory: string | null;
  operatorId: number;
  now: Date;
}

/** The negative entry that blocks one party of an event: its values (partyNegativeValues) and where it came from. */
export function partyNegativeEntry(source: PartyNegativeSource): NewNegative {
  return {
    company_id: source.companyId,
    created_at: source.now,
    updated_at: source.now,
    add_type: NEGATIVE_ADD_TYPE_FROM_EVENT,
    event_id: source.eventId,
    shop_event_id: source.shopEventId,
    customer_type: NEGATIVE_CUSTOMER_TYPE[source.party],
    ...partyNegativeValues({ party: source.partyRow, device: source.device, card: source.card }),
    settle_category: source.settleCategory,
    other_category: source.otherCategory,
    tenant_name: source.tenantName,
    created_by: source.operatorId,
    updated_by: source.operatorId,
  };
}
