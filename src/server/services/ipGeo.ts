import { isIP } from "node:net";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export interface IpGeo {
  countryCode: string;
  countryJName: string | null;
  countryAName: string | null;
  prefJName: string | null;
  prefAName: string | null;
  lineJName: string | null;
  domainName: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * One JSON value: the IpGeo of the tenant's range holding the address (the range starting at or
 * below it, read through the primary key, that also ends at or above it), or null; null too when
 * the value is no IP address. Fixed text.
 */
export function ipGeoSql(companyId: string, ip: string | undefined): RawBuilder<unknown> {
  const address = ip !== undefined && isIP(ip) !== 0 ? ip : null;
  return sql`(select json_build_object('countryCode', r.country_code, 'countryJName', r.country_j_name,
      'countryAName', r.country_a_name, 'prefJName', r.pref_j_name, 'prefAName', r.pref_a_name,
      'lineJName', r.line_j_name, 'domainName', r.domain_name, 'latitude', r.latitude, 'longitude', r.longitude)
    from (select * from ip_geo_ranges
          where company_id = ${companyId} and range_start <= ${address}::inet
          order by range_start desc limit 1) r
    where r.range_end >= ${address}::inet)`;
}

export const ipGeoOf = (value: unknown): IpGeo | undefined => (value ? (value as IpGeo) : undefined);

/** Geolocation of an IP address from the tenant's range table; undefined when unknown. */
export async function lookupIpGeo(
  db: Kysely<Database>,
  companyId: string,
  ip: string | undefined,
): Promise<IpGeo | undefined> {
  const { rows } = await sql<{ geo: unknown }>`select ${ipGeoSql(companyId, ip)} as geo`.execute(db);
  return ipGeoOf(rows[0]?.geo);
}
