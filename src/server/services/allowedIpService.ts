import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** IPv4 address as a 32-bit number; IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as IPv4; else null. */
export function ipv4ToNumber(address: string): number | null {
  const plain = address.toLowerCase().startsWith("::ffff:") ? address.slice(7) : address;
  const parts = plain.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255))
    return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

export function inSubnet(ip: string, address: string, subnet: number): boolean {
  const candidate = ipv4ToNumber(ip);
  const network = ipv4ToNumber(address);
  if (candidate === null || network === null) return false;
  // 2^(32-subnet) addresses share the first `subnet` bits; division keeps this within safe integers.
  const block = 2 ** (32 - subnet);
  return Math.floor(candidate / block) === Math.floor(network / block);
}

/** The company's allowed-IP list of the given kind; an empty list allows every address (spec 6). */
export async function isSourceIpAllowed(
  db: Kysely<Database>,
  companyId: string,
  kind: "console" | "api",
  ip: string,
): Promise<boolean> {
  const entries = await db
    .selectFrom("allowed_ip_addresses")
    .select(["address", "subnet"])
    .where("company_id", "=", companyId)
    .where("kind", "=", kind)
    .execute();
  return ipListAllows(entries, ip);
}

/** Whether an allowed-IP list lets the address in: an empty list allows every address (spec 6). */
export const ipListAllows = (entries: readonly { address: string; subnet: number }[], ip: string): boolean =>
  entries.length === 0 || entries.some((entry) => inSubnet(ip, entry.address, entry.subnet));
