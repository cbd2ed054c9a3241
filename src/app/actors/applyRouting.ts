import type { Notice, Routing } from "../../client/errorRouting.ts";
import type { SystemErrorReason } from "../../client/systemErrorReason.ts";
import type { NotificationColour } from "../../contract/codes.ts";
import type { MessageNo } from "../../contract/messages.ts";

/** What carrying out a routing needs from the app: notifications, storage and navigation. */
export interface RoutingEffects {
  show(colour: NotificationColour, text: string): void;
  queue(colour: NotificationColour, text: string): void;
  messageText(no: MessageNo): string;
  /**
   * The session is gone: the auth machine's `session.expired` forgets the login, clears the stored
   * one and goes to /login (which reloads on entry).
   */
  endSession(): void;
  goToLogin(): void;
  goToSystemError(reason: SystemErrorReason): void;
}

/** An error notification's text: its code, then its message on a new line (spec section 8). */
export const errorNoticeText = (code: string, message: string): string => `${code}\n${message}`;

/** A notice's text: an error reads as errorNoticeText. */
export function noticeText(notice: Notice, messageText: (no: MessageNo) => string): string {
  if ("messageNo" in notice) return messageText(notice.messageNo);
  return notice.code ? errorNoticeText(notice.code, notice.text) : notice.text;
}

/**
 * Carries out spec section 8's decision; queued notices are stored before the page is left. Signing
 * out goes through the auth machine (endSession), which also leaves for /login.
 */
export function applyRouting(routing: Routing, effects: RoutingEffects): void {
  for (const notice of routing.show) effects.show(notice.colour, noticeText(notice, effects.messageText));
  for (const notice of routing.queue) effects.queue(notice.colour, noticeText(notice, effects.messageText));
  if (routing.signOut) effects.endSession();
  else if (routing.go?.to === "login") effects.goToLogin();
  if (routing.go?.to === "systemError") effects.goToSystemError(routing.go.reason);
}
