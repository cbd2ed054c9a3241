/** Code masters and fixed values of the spec (sections 3, 4, 6, 9). */

/** Screen permission levels (spec section 6). */
export const PERMISSION = { writable: "00", readable: "10", none: "20" } as const;
export type Permission = (typeof PERMISSION)[keyof typeof PERMISSION];
export const PERMISSIONS = [PERMISSION.writable, PERMISSION.readable, PERMISSION.none] as const;

/** Contract division: 20 marks a checker contract (spec section 1). */
export const CONTRACT_DIV = { standard: "10", checker: "20" } as const;
export type ContractDiv = (typeof CONTRACT_DIV)[keyof typeof CONTRACT_DIV];

/** Console environments (spec section 1); anything else is shown as "other". */
export const ENVIRONMENTS = ["PRD", "TST", "DEV"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const HEADER_COLOUR: Record<"PRD" | "TST" | "other", string> = {
  PRD: "#3143cf",
  TST: "#0b7e00",
  other: "#a55727",
};
export const headerColour = (env: string): string =>
  env === "PRD" || env === "TST" ? HEADER_COLOUR[env] : HEADER_COLOUR.other;

/** Call progress (spec section 4): initial, executing, 10 success, 20 error. */
export const CALL_STATUS = { success: "10", error: "20" } as const;

/** Notification timeouts in ms (spec section 9). */
export const NOTIFICATION_TIMEOUT = { info: 5000, error: 5000, success: 3000, default: 6000 } as const;
export type NotificationColour = "info" | "error" | "success" | "warning";

/** Confirmation dialog closing delay before the next processing, in ms (spec section 2). */
export const DIALOG_CLOSE_DELAY_MS = 50;

/** Lazy chunk loading time-out (spec section 4). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Default table page size (spec section 9). */
export const DEFAULT_PAGE_SIZE = 200;

/** Login lockout and session lifetimes (foundation issue). */
export const LOCKOUT = { failures: 5, minutes: 15 } as const;
export const RESET_TOKEN_MINUTES = 30;
/** At most one password change mail per operator in this many seconds (docs/architecture.md). */
export const RESET_REQUEST_INTERVAL_SECONDS = 60;
