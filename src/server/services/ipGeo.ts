import { isIP } from "node:net";
import { type Kysely, sql } from "kysely";
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
 * Geolocation of an IP address from the tenant's range table (the range starting at or below the
 * address that also ends at or above it); undefined when no range holds it or it is no IP address.
 */
export async function lookupIpGeo(
  db: Kysely<Database>,
  companyId: string,
  ip: string | undefined,
): Promise<IpGeo | undefined> {
  if (ip === undefined || isIP(ip) === 0) return undefined;
  const { rows } = await sql<{
    country_code: string;
    country_j_name: string | null;
    country_a_name: string | null;
    pref_j_name: string | null;
    pref_a_name: string | null;
    line_j_name: string | null;
    domain_name: string | null;
    latitude: number | null;
    longitude: number | null;
  }>`
    select * from (
      select country_code, country_j_name, country_a_name, pref_j_name, pref_a_name, line_j_name,
             domain_name, latitude, longitude, range_end
      from ip_geo_ranges
      where company_id = ${companyId} and range_start <= ${ip}::inet
      order by range_start desc
      limit 1
    ) r
    where r.range_end >= ${ip}::inet`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    countryCode: row.country_code,
    countryJName: row.country_j_name,
    countryAName: row.country_a_name,
    prefJName: row.pref_j_name,
    prefAName: row.pref_a_name,
    lineJName: row.line_j_name,
    domainName: row.domain_name,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}
