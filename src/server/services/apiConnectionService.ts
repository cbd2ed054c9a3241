import { randomBytes } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type { ApiConnectionInfo } from "../../contract/apiConnection.ts";
import { ERROR } from "../../contract/errors.ts";
import { ApiError } from "../apiError.ts";
import { operatorActor } from "../audit/operatorActor.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import type { Database } from "../db/schema.ts";
import type { CredentialCipher } from "./credentialCipher.ts";
import type { ServiceDeps } from "./deps.ts";

/** The detection model every new tenant starts with. */
export const STANDARD_MODEL = { modelId: "MODEL01", modelName: "標準モデル" } as const;

const MASK = "••••••••";

export const newApplicationId = (): string => `app_${randomBytes(8).toString("hex")}`;
/** 256 random bits, base64url: the HMAC key a shop signs its screening requests with. */
export const newApiSecret = (): string => randomBytes(32).toString("base64url");
export const maskSecret = (last4: string): string => `${MASK}${last4}`;

/** Binds a ciphertext to its row: moved to another tenant or application, it does not decrypt. */
/** What the screen shows of the application and its model: read by info, answered by rotate's UPDATE. */
const APPLICATION_COLUMNS = [
  "a.company_id",
  "a.application_id",
  "a.secret_ciphertext",
  "a.secret_last4",
  "a.rotated_at",
  "m.model_id",
  "m.model_name",
] as const;

const cipherContext = (companyId: string, applicationId: string) =>
  `api_applications/${companyId}/${applicationId}`;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Gives a new tenant its standard detection model and one application with a fresh secret key (the
 * seed and `npm run admin -- create-tenant`). Returns the application ID.
 */
export async function provisionApiConnection(
  db: Db,
  cipher: CredentialCipher,
  companyId: string,
  now: Date = new Date(),
): Promise<string> {
  await db
    .insertInto("detection_models")
    .values({ company_id: companyId, model_id: STANDARD_MODEL.modelId, model_name: STANDARD_MODEL.modelName })
    .onConflict((conflict) => conflict.columns(["company_id", "model_id"]).doNothing())
    .execute();
  const applicationId = newApplicationId();
  const secret = newApiSecret();
  await db
    .insertInto("api_applications")
    .values({
      company_id: companyId,
      application_id: applicationId,
      secret_ciphertext: cipher.encrypt(secret, cipherContext(companyId, applicationId)),
      secret_last4: secret.slice(-4),
      model_id: STANDARD_MODEL.modelId,
      rotated_at: now,
      updated_by: null,
    })
    .execute();
  return applicationId;
}

/**
 * The secret key of an application, for the screening API to verify a request's HMAC signature; the
 * tenant is the application's. Undefined for an unknown application.
 */
export async function secretFor(
  db: Db,
  applicationId: string,
  cipher: CredentialCipher,
): Promise<{ companyId: string; secret: string } | undefined> {
  const row = await db
    .selectFrom("api_applications")
    .select(["company_id", "secret_ciphertext"])
    .where("application_id", "=", applicationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    secret: decryptApplicationSecret(cipher, row.company_id, applicationId, row.secret_ciphertext),
  };
}

/** The plain secret key of an application row (bound to its company and application ID). */
export const decryptApplicationSecret = (
  cipher: CredentialCipher,
  companyId: string,
  applicationId: string,
  ciphertext: string,
): string => cipher.decrypt(ciphertext, cipherContext(companyId, applicationId));

export interface ApiConnectionService {
  info(companyId: string): Promise<ApiConnectionInfo>;
  /** The live key in clear; the reveal is recorded in the audit log with who asked, from where. */
  reveal(companyId: string, operatorId: number, sourceIp: string): Promise<string>;
  /**
   * Issues a new key in place of the one the operator saw (`seenRotatedAt`, the info's `rotatedAt`);
   * 015 (ERROR.conflict) when another rotation came first, so no one is handed a key already dead.
   */
  rotate(
    companyId: string,
    operatorId: number,
    seenRotatedAt: string,
    /** Recorded in the audit log with the rotation; "" for a call not made from the console. */
    sourceIp?: string,
  ): Promise<{ info: ApiConnectionInfo; secretKey: string }>;
}

/** The console's side: every query names the session's company (the route passes auth().companyId). */
export function createApiConnectionService(
  deps: Pick<ServiceDeps, "db" | "now">,
  cipher: CredentialCipher,
): ApiConnectionService {
  const { db, now } = deps;

  // A tenant has one application; the first one, should that ever change.
  const applicationOf = async (companyId: string) => {
    const row = await db
      .selectFrom("api_applications as a")
      .innerJoin("detection_models as m", (join) =>
        join.onRef("m.company_id", "=", "a.company_id").onRef("m.model_id", "=", "a.model_id"),
      )
      .select(APPLICATION_COLUMNS)
      .where("a.company_id", "=", companyId)
      .orderBy("a.application_id")
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new ApiError(ERROR.noDataFound);
    return row;
  };

  const toInfo = (row: Awaited<ReturnType<typeof applicationOf>>): ApiConnectionInfo => ({
    companyId: row.company_id,
    applicationId: row.application_id,
    secretKeyMasked: maskSecret(row.secret_last4),
    screeningModel: { modelId: row.model_id, modelName: row.model_name },
    rotatedAt: row.rotated_at.toISOString(),
  });

  return {
    async info(companyId) {
      return toInfo(await applicationOf(companyId));
    },

    async reveal(companyId, operatorId, sourceIp) {
      const row = await applicationOf(companyId);
      const secret = cipher.decrypt(row.secret_ciphertext, cipherContext(companyId, row.application_id));
      const actor = await operatorActor(db, { companyId, operatorId, sourceIp });
      const target = `apiApplication:${row.application_id}`;
      await recordAudit(db, { ...actor, at: now(), action: "apiSecretReveal", target });
      return secret;
    },

    async rotate(companyId, operatorId, seenRotatedAt, sourceIp = "") {
      const { application_id: applicationId } = await applicationOf(companyId);
      const secret = newApiSecret();
      // Overwritten in place: the old key stops verifying the moment this commits. Only the key the
      // operator saw is replaced: its rotatedAt is the row's version. A rotation always moves it on,
      // by a millisecond at least, so two rotations within one millisecond still differ. Another
      // administrator's rotation since (or one racing this UPDATE: the row lock makes this one see
      // it) leaves no row, and 015: the key that rotation issued stays the one in force. The answer
      // is the UPDATE's own row: read back after it, a rotation landing in between would show this
      // one the other key's last four characters.
      const row = await db.transaction().execute(async (trx) => {
        const rotated = await trx
          .updateTable("api_applications as a")
          .from("detection_models as m")
          .set({
            secret_ciphertext: cipher.encrypt(secret, cipherContext(companyId, applicationId)),
            secret_last4: secret.slice(-4),
            rotated_at: sql<Date>`greatest(${now()}::timestamptz, a.rotated_at + interval '1 millisecond')`,
            updated_by: operatorId,
          })
          .whereRef("m.company_id", "=", "a.company_id")
          .whereRef("m.model_id", "=", "a.model_id")
          .where("a.company_id", "=", companyId)
          .where("a.application_id", "=", applicationId)
          // As the info answered it: to the millisecond.
          .where(sql<Date>`date_trunc('milliseconds', a.rotated_at)`, "=", new Date(seenRotatedAt))
          .returning(APPLICATION_COLUMNS)
          .executeTakeFirst();
        if (!rotated) return undefined;
        const actor = await operatorActor(trx, { companyId, operatorId, sourceIp });
        const target = `apiApplication:${applicationId}`;
        await recordAudit(trx, { ...actor, at: now(), action: "apiSecretRotate", target });
        return rotated;
      });
      if (!row) throw new ApiError(ERROR.conflict);
      return { info: toInfo(row), secretKey: secret };
    },
  };
}
