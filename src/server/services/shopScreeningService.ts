import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { messageText } from "../../contract/messages.ts";
import type { Transaction } from "../../contract/screening.ts";
import { ApiError } from "../apiError.ts";
import {
  ScreeningGuardFailed,
  type ScreeningLogger,
  type ScreeningOutcome,
  screenTransaction,
} from "../screening/screenTransaction.ts";
import type { ServiceDeps } from "./deps.ts";
import { resolveModelId } from "./shopEventService.ts";

/** The shop application a screening call was authenticated as (the signature check's pass). */
export interface ScreeningCaller {
  companyId: string;
  applicationId: string;
  /** The application's detection model, used when the transaction names none. */
  applicationModelId: string;
  /** The credential fingerprint a cached pass was judged under; null when judged fresh. */
  provisionalFingerprint: string | null;
}

export interface ShopScreeningOptions {
  lang: Lang;
  logger: ScreeningLogger;
  /** Every credential check again, fresh: called when a cached pass proves stale. */
  reauthenticate(): Promise<ScreeningCaller>;
}

/**
 * Screens a shop's transaction for the model it names (else its application's) and stores the event.
 * A pass under a cached authentication is proved current in the facts statement, before anything is
 * stored; when the key was rotated, the model changed or the API IP list changed since it was cached,
 * the caller is authenticated again and the transaction screened under the fresh pass.
 */
export async function screenShopTransaction(
  deps: Pick<ServiceDeps, "db" | "now">,
  caller: ScreeningCaller,
  tx: Transaction,
  options: ShopScreeningOptions,
): Promise<ScreeningOutcome & { shopEventId: string }> {
  const screen = async (current: ScreeningCaller) => {
    // The application's model came with the signature check; a named model is looked up.
    const modelId = tx.modelId
      ? await resolveModelId(deps.db, current.companyId, current.applicationId, tx.modelId)
      : current.applicationModelId;
    if (modelId === null) {
      throw new ApiError(ERROR.validation, [
        { field: "telegram.modelId", message: messageText(options.lang, "validation.unknownModel") },
      ]);
    }
    const fingerprint = current.provisionalFingerprint;
    const guard = fingerprint === null ? undefined : { applicationId: current.applicationId, fingerprint };
    return screenTransaction(
      deps,
      { companyId: current.companyId, modelId, applicationId: current.applicationId },
      tx,
      { logger: options.logger, ...(guard ? { guard } : {}) },
    );
  };
  let outcome: ScreeningOutcome;
  try {
    outcome = await screen(caller);
  } catch (error) {
    if (!(error instanceof ScreeningGuardFailed)) throw error;
    outcome = await screen(await options.reauthenticate());
  }
  return { ...outcome, shopEventId: tx.shopEventId };
}
