import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { provisionApiConnection } from "../services/apiConnectionService.ts";
import type { CredentialCipher } from "../services/credentialCipher.ts";

/** Each demo tenant's standard detection model and one API application with a random secret key. */
export async function seedApiConnections(
  db: Kysely<Database>,
  cipher: CredentialCipher,
  companyIds: readonly string[],
  now: Date,
): Promise<void> {
  for (const companyId of companyIds) await provisionApiConnection(db, cipher, companyId, now);
}
