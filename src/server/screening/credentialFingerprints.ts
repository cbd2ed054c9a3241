import { type RawBuilder, sql } from "kysely";

// The credential fingerprint is the engine's proof that a cached authentication is current: the
// screening's facts statement reads it, and the shop authentication (services/shopAuthService.ts)
// caches it.

/**
 * The application's credential fingerprint, computed where it is stored: md5 of the secret's
 * ciphertext (a new one on every rotation: fresh key and IV), the model and the company's API
 * allowed-IP list. `a` is the api_applications row.
 */
export const CREDENTIAL_FINGERPRINT = sql`md5(a.secret_ciphertext || '|' || a.model_id || '|' || coalesce((
    select string_agg(ip.address || '/' || ip.subnet::text, ',' order by ip.address, ip.subnet)
    from allowed_ip_addresses ip where ip.company_id = a.company_id and ip.kind = 'api'), ''))`;

/**
 * One JSON value: [application ID, current credential fingerprint] of each of the given applications
 * that still exists (`applicationIds` is a text array parameter), to read in the same statement as
 * other work: what proves a cached authentication still current.
 */
export const credentialFingerprintsSql = (applicationIds: RawBuilder<unknown>): RawBuilder<unknown> =>
  sql`(select coalesce(json_agg(json_build_array(a.application_id, ${CREDENTIAL_FINGERPRINT})), '[]'::json)
    from api_applications a where a.application_id = any(${applicationIds}::text[]))`;

/** Reads credentialFingerprintsSql's value: the fingerprint of each application found. */
export const credentialFingerprintsOf = (value: unknown): Map<string, string> =>
  new Map((value ?? []) as [string, string][]);
