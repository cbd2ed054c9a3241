import type { LinkKey } from "../../contract/rules.ts";
import type { Transaction } from "../../contract/screening.ts";
import {
  mailKey,
  normalizeAddress,
  normalizeHash,
  normalizeIp,
  normalizeOpaque,
  normalizeTel,
} from "./normalize.ts";

export interface LinkKeyValue {
  keyType: LinkKey;
  value: string;
  /** Whether the value is the purchaser's e-mail (first-time customer look-up). */
  purchaserMail?: boolean;
}

/**
 * The keys that link an event to the tenant's other events (velocity, related events): card hash,
 * device IDs (primaryDid and userDeviceId), IP, e-mail (account hash and domain), phones and
 * normalized addresses of both parties. Each (type, value) once.
 */
export function linkKeysOf(tx: Transaction): LinkKeyValue[] {
  const keys: { keyType: LinkKey; value: string | undefined; purchaserMail?: boolean }[] = [
    { keyType: "cchash", value: normalizeHash(tx.card?.cchash) },
    { keyType: "deviceId", value: normalizeOpaque(tx.device?.primaryDid) },
    { keyType: "deviceId", value: normalizeOpaque(tx.device?.userDeviceId) },
    { keyType: "ipaddress", value: normalizeIp(tx.device?.ipaddress) },
  ];
  for (const party of ["purchaser", "shipping"] as const) {
    const p = tx[party];
    if (p === undefined) continue;
    const purchaserMail = party === "purchaser";
    keys.push(
      { keyType: "mail", value: mailKey(p.mailAccountHash, p.mailDomain), purchaserMail },
      { keyType: "mail", value: mailKey(p.mobileMailAccountHash, p.mobileMailDomain), purchaserMail },
      { keyType: "tel", value: normalizeTel(p.tel) },
      { keyType: "tel", value: normalizeTel(p.mobileTel) },
      { keyType: "address", value: normalizeAddress(p.fullAddress) },
    );
  }
  const unique = new Map<string, LinkKeyValue>();
  for (const key of keys) {
    if (key.value === undefined) continue;
    const id = `${key.keyType}\u0000${key.value}`;
    const known = unique.get(id);
    if (known) {
      if (key.purchaserMail) known.purchaserMail = true;
      continue;
    }
    unique.set(id, {
      keyType: key.keyType,
      value: key.value,
      ...(key.purchaserMail ? { purchaserMail: true } : {}),
    });
  }
  return [...unique.values()];
}
