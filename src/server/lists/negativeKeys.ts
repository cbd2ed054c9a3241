import type { NegativeItem, PartyKind } from "../../contract/rules.ts";
import type { Transaction } from "../../contract/screening.ts";
import type { NegativesTable } from "../db/schema.ts";
import {
  domainHash,
  nameKey,
  normalizeAddress,
  normalizeHash,
  normalizeIp,
  normalizeOpaque,
  normalizeTel,
  normalizeZipcode,
} from "../screening/normalize.ts";

export interface NegativeKey {
  item: NegativeItem;
  value: string;
}

type NegativeFields = Partial<
  Pick<
    NegativesTable,
    | "tel"
    | "mobile_tel"
    | "full_address"
    | "zipcode"
    | "mail_account"
    | "mobile_mail_account"
    | "mail_domain"
    | "mobile_mail_domain"
    | "normalized_last_name"
    | "normalized_first_name"
    | "shop_member_id"
    | "ipaddress"
    | "ipaddressv6"
    | "cookie"
    | "primary_did"
    | "did_middle"
    | "did_short"
    | "cchash"
  >
>;

const present = (key: NegativeKey | { item: NegativeItem; value: undefined }): key is NegativeKey =>
  key.value !== undefined;

const orUndefined = (value: string | null | undefined): string | undefined => value ?? undefined;

/**
 * The look-up keys (negative_keys rows) of one negative entry: every item it holds, normalized the way
 * the engine normalizes an event's values. E-mail accounts and domains match from either the PC or
 * the mobile address; device IDs from any of the entry's device IDs.
 */
export function negativeKeysOf(entry: NegativeFields): NegativeKey[] {
  const keys = [
    { item: "tel", value: normalizeTel(orUndefined(entry.tel)) },
    { item: "mobileTel", value: normalizeTel(orUndefined(entry.mobile_tel)) },
    { item: "address", value: normalizeAddress(orUndefined(entry.full_address)) },
    { item: "zipcode", value: normalizeZipcode(orUndefined(entry.zipcode)) },
    { item: "mailAccount", value: normalizeHash(orUndefined(entry.mail_account)) },
    { item: "mailAccount", value: normalizeHash(orUndefined(entry.mobile_mail_account)) },
    { item: "mailDomain", value: domainHash(orUndefined(entry.mail_domain)) },
    { item: "mailDomain", value: domainHash(orUndefined(entry.mobile_mail_domain)) },
    {
      item: "name",
      value: nameKey(orUndefined(entry.normalized_last_name), orUndefined(entry.normalized_first_name)),
    },
    { item: "shopMemberId", value: normalizeOpaque(orUndefined(entry.shop_member_id)) },
    { item: "ipaddress", value: normalizeIp(orUndefined(entry.ipaddress)) },
    { item: "ipaddress", value: normalizeIp(orUndefined(entry.ipaddressv6)) },
    { item: "cookie", value: normalizeOpaque(orUndefined(entry.cookie)) },
    { item: "deviceId", value: normalizeOpaque(orUndefined(entry.primary_did)) },
    { item: "deviceId", value: normalizeOpaque(orUndefined(entry.did_middle)) },
    { item: "deviceId", value: normalizeOpaque(orUndefined(entry.did_short)) },
    { item: "cchash", value: normalizeHash(orUndefined(entry.cchash)) },
  ] as const;
  return dedupe(keys.filter(present));
}

function dedupe<T extends { item: string; value: string }>(keys: T[]): T[] {
  const seen = new Set<string>();
  return keys.filter((key) => {
    const id = `${key.item}\u0000${key.value}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export interface NegativeProbe extends NegativeKey {
  party: PartyKind;
}

/**
 * The values of a transaction a negative entry can hit, per party. Party items come from that
 * party; the device (IP, cookie, device IDs) and the card belong to the whole event and so count
 * for either party.
 */
export function negativeProbesOf(tx: Transaction): NegativeProbe[] {
  const probes: { party: PartyKind; item: NegativeItem; value: string | undefined }[] = [];
  const device = tx.device;
  const shared: { item: NegativeItem; value: string | undefined }[] = [
    { item: "ipaddress", value: normalizeIp(device?.ipaddress) },
    { item: "cookie", value: normalizeOpaque(device?.cookie) },
    { item: "deviceId", value: normalizeOpaque(device?.primaryDid) },
    { item: "deviceId", value: normalizeOpaque(device?.userDeviceId) },
    { item: "deviceId", value: normalizeOpaque(device?.didShort) },
    { item: "deviceId", value: normalizeOpaque(device?.didMiddle) },
    { item: "cchash", value: normalizeHash(tx.card?.cchash) },
  ];
  for (const party of ["purchaser", "shipping"] as const) {
    const p = tx[party];
    if (p === undefined) continue;
    probes.push(
      { party, item: "tel", value: normalizeTel(p.tel) },
      { party, item: "mobileTel", value: normalizeTel(p.mobileTel) },
      { party, item: "address", value: normalizeAddress(p.fullAddress) },
      { party, item: "zipcode", value: normalizeZipcode(p.zipcode) },
      { party, item: "mailAccount", value: normalizeHash(p.mailAccountHash) },
      { party, item: "mailAccount", value: normalizeHash(p.mobileMailAccountHash) },
      { party, item: "mailDomain", value: domainHash(p.mailDomain) },
      { party, item: "mailDomain", value: domainHash(p.mobileMailDomain) },
      { party, item: "name", value: nameKey(p.lastNameHash, p.firstNameHash) },
      { party, item: "shopMemberId", value: normalizeOpaque(p.shopMemberId) },
      ...shared.map((probe) => ({ party, ...probe })),
    );
  }
  return probes.filter((probe): probe is NegativeProbe => probe.value !== undefined);
}
