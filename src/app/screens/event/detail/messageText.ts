import type { ErrorItem } from "../../../../contract/envelope.ts";
import { ERROR_MESSAGE_NO, type ErrorCode } from "../../../../contract/errors.ts";
import { translateKey } from "../../../i18n/i18n.ts";

const isErrorCode = (code: string): code is ErrorCode => Object.keys(ERROR_MESSAGE_NO).includes(code);

/** An error as the operator reads it: the server's text, or its numbered message when it has none. */
export function messageText(error: ErrorItem): string {
  if (error.message) return error.message;
  const no = isErrorCode(error.code) ? ERROR_MESSAGE_NO[error.code] : undefined;
  return no ? translateKey(`messages:no.${no}`) : error.code;
}
