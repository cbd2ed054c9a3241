import type { KeyValueStorage } from "../../client/browserStorage.ts";
import { clearTransit, getTransit, setTransit } from "../../client/transit.ts";

/** A notice handed to the login screen across the full page load of a sign-out. */
export type LoginNotice = "noScreen";

/** The transit destination of the notice, which a sign-out keeps (it is for the login screen). */
export const LOGIN_NOTICE_DESTINATION = "Login";

/** Leaves a notice for the login screen, or (null) removes the one it has shown. */
export function passLoginNotice(notice: LoginNotice | null, referrer = ""): void {
  if (notice === null) clearTransit(LOGIN_NOTICE_DESTINATION);
  else setTransit(LOGIN_NOTICE_DESTINATION, notice, referrer);
}

export const readLoginNotice = (storage: KeyValueStorage = sessionStorage): LoginNotice | null =>
  getTransit(LOGIN_NOTICE_DESTINATION, storage)?.data === "noScreen" ? "noScreen" : null;
