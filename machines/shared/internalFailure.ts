import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";

/**
 * A real exception (network down, a bug in the client) as an error entry, so it lands in the same
 * `errors` list the views already show instead of vanishing.
 */
export const internalFailure = (error: unknown): ErrorItem => ({
  code: ERROR.internalFailure,
  message: error instanceof Error ? error.message : String(error),
});
