import { clearTransit, getTransit, setTransit } from "../../client/transit.ts";

/** A notice handed to the login screen across the full page load of a sign-out. */
export type LoginNotice = "noScreen";

const DESTINATION = "Login";

/** Leaves a notice for the login screen, or (null) removes the one it has shown. */
export function passLoginNotice(notice: LoginNotice | null, referrer = ""): void {
  if (notice === null) clearTransit(DESTINATION);
  else setTransit(DESTINATION, notice, referrer);
}

export const readLoginNotice = (): LoginNotice | null =>
  getTransit(DESTINATION)?.data === "noScreen" ? "noScreen" : null;
