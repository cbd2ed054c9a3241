import { isIP } from "node:net";
import { type RawBuilder, sql } from "kysely";

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

/** The address to look up, or undefined when the value is no IP address. */
export const ipGeoAddress = (ip: string | undefined): string | undefined =>
  ip !== undefined && isIP(ip) !== 0 ? ip : undefined;

/** Array parameters of geolocation look-ups, one element per screening that has an address. */
export interface IpGeoColumns {
  screening: RawBuilder<unknown>;
  companyId: RawBuilder<unknown>;
  /** ipGeoAddress values only. */
  address: RawBuilder<unknown>;
}

/**
 * One JSON value: [screening, IpGeo] for each screening whose address lies in a range of its tenant
 * (the range starting at or below it, read through the primary key, that also ends at or above it),
 * for a whole batch of screenings at once. Fixed text.
 */
export function ipGeoSql(lookups: IpGeoColumns): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(json_build_array(g.i, json_build_object('countryCode', r.country_code,
      'countryJName', r.country_j_name, 'countryAName', r.country_a_name, 'prefJName', r.pref_j_name,
      'prefAName', r.pref_a_name, 'lineJName', r.line_j_name, 'domainName', r.domain_name,
      'latitude', r.latitude, 'longitude', r.longitude))), '[]'::json)
    from unnest(${lookups.screening}::int[], ${lookups.companyId}::text[], ${lookups.address}::inet[])
      as g(i, company_id, address)
    cross join lateral (select * from ip_geo_ranges
          where company_id = g.company_id and range_start <= g.address
          order by range_start desc limit 1) r
    where r.range_end >= g.address)`;
}

/** Reads ipGeoSql's value: the geolocation of each of `count` screenings, undefined when unknown. */
export function ipGeoOf(value: unknown, count: number): (IpGeo | undefined)[] {
  const geos: (IpGeo | undefined)[] = Array.from({ length: count }, () => undefined);
  for (const [screening, geo] of (value ?? []) as [number, IpGeo][]) geos[screening] = geo;
  return geos;
}
