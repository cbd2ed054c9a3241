import type { z } from "zod";
import type { CallOutcome } from "../../../contract/callOutcome.ts";
import type { ErrorItem } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { validateForm } from "../../ui/fieldErrors.ts";

/**
 * The contract's rules applied to a form before anything is asked or sent: refused with each field's
 * first message in the language shown, named as the server names them ("telegram.<field>").
 */
export function checkWithContract(schema: z.ZodType, values: unknown): CallOutcome<Record<string, never>> {
  const checked = validateForm(schema, values);
  if (checked.ok) return { ok: true, result: {}, messages: [] };
  const errors: ErrorItem[] = Object.entries(checked.errors).map(([field, message]) => ({
    code: ERROR.validation,
    field: `telegram.${field}`,
    message: message ?? "",
  }));
  return { ok: false, errors };
}
