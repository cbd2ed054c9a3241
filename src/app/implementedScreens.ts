import type { ScreenId } from "../contract/screens.ts";

/**
 * The protected screens this build has. A plain list, apart from the lazy components of
 * screenRegistry.ts (which must name exactly these), so that the session code reading it does not
 * import the screens, which import the session code.
 */
export const IMPLEMENTED_SCREEN_IDS = [
  "EventList",
  "EventDetail",
  "ApiConnectionInfo",
  "ReleasedRuleList",
  "EventItemDisplayFormatEdit",
  "OperatorList",
  "OperatorAdd",
  "OperatorDetail",
  "OperatorEdit",
  "EventReportNegative",
  "OperatorRoleList",
  "AllowedIpAddress",
  "NegativeList",
  "NegativeDetail",
  "NegativeAdd",
  "CsvAuthori",
  "CsvAuthoriHistory",
  "CsvUpdate",
  "CsvNegative",
  "NegativeHistory",
  "AuditLog",
  "WhiteList",
  "WhiteAdd",
  "KeywordCategoryList",
  "KeywordList",
  "KeywordAdd",
] as const satisfies readonly ScreenId[];

export type ImplementedScreenId = (typeof IMPLEMENTED_SCREEN_IDS)[number];

export const IMPLEMENTED_SCREENS: ReadonlySet<ScreenId> = new Set(IMPLEMENTED_SCREEN_IDS);
