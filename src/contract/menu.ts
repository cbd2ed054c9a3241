import { PERMISSION, type Permission } from "./codes.ts";
import type { ScreenId } from "./screens.ts";

/** Menu item (spec section 3): a leaf has a path and screen ID; a group has children. */
export interface MenuItem {
  menuId: string;
  nameId: string;
  path?: string;
  screenId?: ScreenId;
  disabled?: boolean;
  children?: MenuItem[];
}

const leaf = (menuId: string, screenId: ScreenId, path: string, disabled = false): MenuItem => ({
  menuId,
  nameId: `menu.${menuId}`,
  path,
  screenId,
  disabled,
});

/** The top menu of spec section 2, in order. */
export const MENU: readonly MenuItem[] = [
  leaf("event", "EventList", "/EventList", true),
  leaf("report", "EventReportNegative", "/EventReportNegative"),
  leaf("csv", "CsvAuthoriHistory", "/CsvAuthoriHistory"),
  leaf("negative", "NegativeList", "/NegativeList"),
  leaf("white", "WhiteList", "/white"),
  {
    menuId: "conditions",
    nameId: "menu.conditions",
    children: [
      leaf("releasedRuleList", "ReleasedRuleList", "/releasedRuleList"),
      leaf("keyword", "KeywordCategoryList", "/keywordCategoryList"),
      leaf("apiConnectionInfo", "ApiConnectionInfo", "/apiConnectionInfo"),
    ],
  },
  {
    menuId: "admin",
    nameId: "menu.admin",
    children: [
      leaf("operatorList", "OperatorList", "/OperatorList"),
      leaf("operatorRoleList", "OperatorRoleList", "/OperatorRoleList"),
      leaf("allowedIpAddress", "AllowedIpAddress", "/AllowedIpAddress"),
      leaf("auditLog", "AuditLog", "/AuditLog"),
    ],
  },
];

/** Every screen ID the menu asks permissions for. */
export const menuScreenIds = (items: readonly MenuItem[] = MENU): ScreenId[] =>
  items.flatMap((item) => [...(item.screenId ? [item.screenId] : []), ...menuScreenIds(item.children ?? [])]);

/**
 * Screen IDs outside the menu whose permission decides a control of a menu screen: the event list's
 * CSV output (its dialog, spec section 6), and the screens whose calls a list's or an administration
 * screen's buttons make (register, edit, detail, add, CSV registration, history; a keyword category's
 * list). Asked with the menu's, so no screen asks again.
 */
export const CONTROL_SCREEN_IDS: readonly ScreenId[] = [
  "EventDialogCsvDownload",
  "OperatorAdd",
  "OperatorDetail",
  "OperatorEdit",
  "NegativeDetail",
  "NegativeAdd",
  "NegativeHistory",
  "CsvNegative",
  "WhiteAdd",
  "KeywordList",
  "KeywordAdd",
];

/** What signing in asks permissions for: the menu's screens and CONTROL_SCREEN_IDS. */
export const signedInScreenIds = (): ScreenId[] => [...menuScreenIds(), ...CONTROL_SCREEN_IDS];

/**
 * The menu an operator sees: a leaf is kept when its screen exists in this build and its permission is
 * not "none" (an unknown permission counts as none); it is enabled once permitted; a group is kept
 * when any child is.
 */
export function visibleMenu(
  items: readonly MenuItem[],
  permissions: ReadonlyMap<string, Permission>,
  implemented: ReadonlySet<ScreenId>,
): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (item.children) {
      const children = visibleMenu(item.children, permissions, implemented);
      return children.length > 0 ? [{ ...item, children }] : [];
    }
    if (!item.screenId || !implemented.has(item.screenId)) return [];
    const permission = permissions.get(item.screenId);
    const allowed = permission === PERMISSION.writable || permission === PERMISSION.readable;
    return allowed ? [{ ...item, disabled: false }] : [];
  });
}

/** First path the operator may open, in menu order: where login lands. */
export const firstMenuPath = (items: readonly MenuItem[]): string | undefined => {
  for (const item of items) {
    const path = item.children ? firstMenuPath(item.children) : item.disabled ? undefined : item.path;
    if (path) return path;
  }
  return undefined;
};
