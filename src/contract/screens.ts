/**
 * Screen IDs (spec sections 2 and 6). Every protected route and every event dialog has one; the
 * server checks the operator's permission for it on every call. `group` ties a screen to the demo
 * role definitions (src/server/services/standardRoles.ts) and to the menu.
 */
export const SCREEN_GROUPS = [
  "event",
  "report",
  "csv",
  "negative",
  "white",
  "rule",
  "keyword",
  "apiInfo",
  "admin",
] as const;
export type ScreenGroup = (typeof SCREEN_GROUPS)[number];

export const SCREENS = {
  EventList: { path: "/EventList", group: "event" },
  EventDetail: { path: "/EventDetail", group: "event" },
  EventItemDisplayFormatEdit: { path: "/EventItemDisplayFormatEdit", group: "event" },
  EventDialogOk: { path: null, group: "event" },
  EventDialogNg: { path: null, group: "event" },
  EventDialogHold: { path: null, group: "event" },
  EventDialogNegative: { path: null, group: "event" },
  EventDialogMemo: { path: null, group: "event" },
  EventDialogAssign: { path: null, group: "event" },
  EventDialogLabel: { path: null, group: "event" },
  EventDialogCsvDownload: { path: null, group: "event" },
  EventReportNegative: { path: "/EventReportNegative", group: "report" },
  CsvAuthori: { path: "/CsvAuthori", group: "csv" },
  CsvAuthoriHistory: { path: "/CsvAuthoriHistory", group: "csv" },
  CsvUpdate: { path: "/CsvUpdate", group: "csv" },
  CsvNegative: { path: "/CsvNegative", group: "csv" },
  NegativeList: { path: "/NegativeList", group: "negative" },
  NegativeDetail: { path: "/NegativeDetail", group: "negative" },
  NegativeAdd: { path: "/NegativeAdd", group: "negative" },
  NegativeHistory: { path: "/NegativeHistory", group: "negative" },
  WhiteList: { path: "/white", group: "white" },
  WhiteAdd: { path: "/white/new", group: "white" },
  KeywordCategoryList: { path: "/keywordCategoryList", group: "keyword" },
  KeywordList: { path: "/keywordList/:category", group: "keyword" },
  KeywordAdd: { path: "/keywordList/:category/new", group: "keyword" },
  ReleasedRuleList: { path: "/releasedRuleList", group: "rule" },
  ApiConnectionInfo: { path: "/apiConnectionInfo", group: "apiInfo" },
  OperatorList: { path: "/OperatorList", group: "admin" },
  OperatorAdd: { path: "/OperatorAdd", group: "admin" },
  OperatorDetail: { path: "/OperatorDetail", group: "admin" },
  OperatorEdit: { path: "/OperatorEdit", group: "admin" },
  OperatorRoleList: { path: "/OperatorRoleList", group: "admin" },
  AllowedIpAddress: { path: "/AllowedIpAddress", group: "admin" },
  AuditLog: { path: "/AuditLog", group: "admin" },
} as const satisfies Record<string, { path: string | null; group: ScreenGroup }>;

export type ScreenId = keyof typeof SCREENS;
export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

/**
 * The screen each dialog opens from (event dialogs: the detail, or the list for the CSV output). A
 * dialog's call needs, beside its own permission, read permission on that screen: an operator who
 * may not see an event must not decide it, or take it out as CSV, by a call made by hand. Apart from
 * SCREENS since only the server reads it: the bundle /v3/login loads leaves it out.
 */
const DIALOG_OPENED_FROM: Partial<Record<ScreenId, ScreenId>> = {
  EventDialogOk: "EventDetail",
  EventDialogNg: "EventDetail",
  EventDialogHold: "EventDetail",
  EventDialogNegative: "EventDetail",
  EventDialogMemo: "EventDetail",
  EventDialogAssign: "EventDetail",
  EventDialogLabel: "EventDetail",
  EventDialogCsvDownload: "EventList",
};

export const screenWithin = (screenId: ScreenId): ScreenId | undefined => DIALOG_OPENED_FROM[screenId];
export const isScreenId = (value: string): value is ScreenId => Object.hasOwn(SCREENS, value);

/** Public routes (spec section 2); these reload on entry. */
export const PUBLIC_PATHS = {
  login: "/login",
  loginInput: "/LoginInput",
  passwordChangeRequest: "/PasswordChangeRequest",
  passwordChange: "/PasswordChange",
  noPage: "/nopage",
  systemError: "/SystemError",
} as const;
