import type { z } from "zod";
import type { Lang } from "../contract/envelope.ts";
import { ERROR, type ErrorCode } from "../contract/errors.ts";
import type { MessageParams } from "../contract/messages.ts";
import { fieldErrors } from "../contract/validation.ts";

/**
 * An expected refusal: answered as an error envelope with its code's HTTP status, never logged as a
 * fault. Its own module, so services and the engine refuse without importing the envelope plugin.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly items: { field?: string; message?: string }[] = [{}],
    readonly params: MessageParams = {},
  ) {
    super(code);
    this.name = "ApiError";
  }

  /** One error item per zod issue, each naming its field; unknown keys get their own code. */
  static fromZod(lang: Lang, error: z.ZodError, fieldPrefix = ""): ApiError {
    const unknownOnly = error.issues.every((issue) => issue.code === "unrecognized_keys");
    const items = fieldErrors(lang, error).map((item) => ({
      field: [fieldPrefix, item.field].filter((part) => part !== "").join("."),
      message: item.message,
    }));
    return new ApiError(unknownOnly ? ERROR.unknownKey : ERROR.validation, items);
  }
}
