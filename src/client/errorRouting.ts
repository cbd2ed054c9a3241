import type { CallOutcome } from "../contract/callOutcome.ts";
import type { ErrorItem, MessageItem } from "../contract/envelope.ts";
import { ERROR } from "../contract/errors.ts";
import type { MessageNo } from "../contract/messages.ts";
import type { SystemErrorReason } from "./systemErrorReason.ts";

/** How the caller wants a call's outcome handled (spec section 8 flags). */
export interface CallHandling {
  /** The screen handles refusals itself: nothing shown, no transition (Duplicate still shows). */
  manual?: boolean;
  /**
   * The screen handles refusals of these codes only (676 shown in place, 015 reloaded): a refusal
   * made of them alone is left to it; any other goes the usual way (a 962 to the system error page).
   */
  handledHere?: readonly string[];
  /** Show refusals but stay on the screen. */
  noTransition?: boolean;
  /** Do not show a successful call's messages in the snackbar. */
  suppressMessages?: boolean;
  /** An unexpected exception shows message 697 (reload) instead of leaving for the system error page. */
  reportUnexpected?: boolean;
  /** Made by the console on its own (a status poll): no overlay covers the page meanwhile (api.ts). */
  background?: boolean;
  /** Sent even when the page goes away meanwhile (a call made as it is left: pagehide). */
  keepalive?: boolean;
}

/** A notification to show: a server message (error code then text), or a numbered catalogue message. */
export type Notice =
  | { colour: "success" | "error"; code?: string; text: string }
  | { colour: "error"; messageNo: MessageNo };

export type Destination = { to: "login" } | { to: "systemError"; reason: SystemErrorReason };

/**
 * What to do with an outcome. `show` appears at once; `queue` survives the full page load of a
 * public destination and appears after it. `signOut` drops the stored login info first.
 */
export interface Routing {
  show: Notice[];
  queue: Notice[];
  go: Destination | null;
  signOut: boolean;
}

const stay = (show: Notice[] = []): Routing => ({ show, queue: [], go: null, signOut: false });
const errorNotice = (error: ErrorItem): Notice => ({
  colour: "error",
  code: error.code,
  text: error.message,
});
const successNotice = (message: MessageItem): Notice => ({ colour: "success", text: message.message });

/** Spec section 8: the handling of an outcome, decided by its most serious error code. */
export function routeOutcome(outcome: CallOutcome<unknown>, handling: CallHandling = {}): Routing {
  if (outcome.ok) return stay(handling.suppressMessages ? [] : outcome.messages.map(successNotice));
  const { errors } = outcome;
  const has = (code: string) => errors.some((error) => error.code === code);
  const notices = errors.map(errorNotice);

  // The session is gone (timed out, signed out elsewhere) or the address refused: signed out, to
  // login, where the refusal says why (913 "Please log in again", or the refused address).
  for (const code of [ERROR.invalidToken, ERROR.sourceIpNotAllowed]) {
    if (!has(code)) continue;
    const refusals = errors.filter((error) => error.code === code).map(errorNotice);
    return { show: [], queue: refusals, go: { to: "login" }, signOut: true };
  }
  if (has(ERROR.internalFailure)) {
    const message = errors.find((error) => error.code === ERROR.internalFailure)?.message;
    return {
      show: [],
      queue: notices,
      go: { to: "systemError", reason: { kind: "other", message } },
      signOut: false,
    };
  }
  if (has(ERROR.duplicate)) return stay(notices);
  if (handling.manual) return stay();
  const handledHere = handling.handledHere ?? [];
  if (errors.length > 0 && errors.every((error) => handledHere.includes(error.code))) return stay();
  if (handling.noTransition) return stay(notices);
  return {
    show: [],
    queue: notices,
    go: { to: "systemError", reason: systemErrorReasonFor(errors) },
    signOut: false,
  };
}

/** Spec section 8: a real failure (network, broken answer) of a call. */
export function routeException(handling: CallHandling = {}): Routing {
  if (handling.reportUnexpected) return stay([{ colour: "error", messageNo: "697" }]);
  return { show: [], queue: [], go: { to: "systemError", reason: { kind: "api" } }, signOut: false };
}

function systemErrorReasonFor(errors: readonly ErrorItem[]): SystemErrorReason {
  if (errors.some((error) => error.code === ERROR.forbidden)) return { kind: "forbidden" };
  if (errors.some((error) => error.code === ERROR.notFound)) return { kind: "notFound" };
  return { kind: "api" };
}
