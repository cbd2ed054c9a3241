import type { ErrorItem } from "../../contract/envelope.ts";
import { ERROR, ERROR_MESSAGE_NO, type ErrorCode } from "../../contract/errors.ts";
import { translateKey } from "../i18n/i18n.ts";

const isErrorCode = (code: string): code is ErrorCode => Object.keys(ERROR_MESSAGE_NO).includes(code);

/** The catalogue's key of an unnumbered error (messages' "error" group is keyed like ERROR). */
const errorKeyOf = (code: string) => Object.entries(ERROR).find(([, value]) => value === code)?.[0];

/**
 * An error as the operator reads it on a screen. A failure of the call itself (the network, a broken
 * answer: machines record it as InternalFailure with the browser's own English words, "Failed to
 * fetch") reads as message 697, which asks for a reload, as the notification beside it does (spec
 * section 8). Otherwise the server's text, else its numbered message, else its catalogue text (a
 * block the detail shows without a call, say).
 */
export function shownErrorText(error: ErrorItem): string {
  if (error.code === ERROR.internalFailure) return translateKey("messages:no.697");
  if (error.message) return error.message;
  const no = isErrorCode(error.code) ? ERROR_MESSAGE_NO[error.code] : undefined;
  if (no) return translateKey(`messages:no.${no}`);
  const key = errorKeyOf(error.code);
  return key ? translateKey(`messages:error.${key}`, { defaultValue: error.code }) : error.code;
}
