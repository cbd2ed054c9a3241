import type { ScreenId } from "../contract/screens.ts";
import { ensureFeatureResources } from "./i18n/i18n.ts";
import type { FeatureGroup } from "./i18n/resources.ts";
import type { ImplementedScreenId } from "./implementedScreens.ts";
import { type LazyScreen, lazyScreen } from "./lazyScreen.tsx";

/** A screen's chunk, ready once its feature group's namespaces in the language shown are loaded too. */
const withTexts = <M>(group: FeatureGroup, module: Promise<M>): Promise<M> =>
  Promise.all([module, ensureFeatureResources(group)]).then(([loaded]) => loaded);

/**
 * The protected screens that exist in this build, each a lazy component (routes.tsx gives it the path
 * of SCREENS[id]). A screen's route and its menu entry appear only once it is listed here and in
 * implementedScreens.ts (the compiler keeps the two in step). Later issues add one line per screen,
 * loading the group's module so that a group is one chunk, e.g.
 *   EventList: lazyScreen(() => import("./features/event/eventScreens.ts"), (m) => m.EventListScreen),
 */
const IMPLEMENTED_COMPONENTS = {
  EventList: lazyScreen(
    () => withTexts("event", import("./features/event/EventListScreen.tsx")),
    (m) => m.EventListScreen,
  ),
  EventDetail: lazyScreen(
    () => withTexts("event", import("./features/event/EventDetailScreen.tsx")),
    (m) => m.EventDetailScreen,
  ),
  ApiConnectionInfo: lazyScreen(
    () => import("./features/apiConnection/ApiConnectionInfoScreen.tsx"),
    (m) => m.ApiConnectionInfoScreen,
  ),
  ReleasedRuleList: lazyScreen(
    () => import("./features/rules/ReleasedRuleListScreen.tsx"),
    (m) => m.ReleasedRuleListScreen,
  ),
  EventItemDisplayFormatEdit: lazyScreen(
    () => withTexts("event", import("./features/event/EventItemDisplayFormatEditScreen.tsx")),
    (m) => m.EventItemDisplayFormatEditScreen,
  ),
  OperatorList: lazyScreen(
    () => withTexts("admin", import("./features/admin/operators/operatorScreens.ts")),
    (m) => m.OperatorListScreen,
  ),
  OperatorAdd: lazyScreen(
    () => withTexts("admin", import("./features/admin/operators/operatorScreens.ts")),
    (m) => m.OperatorAddScreen,
  ),
  OperatorDetail: lazyScreen(
    () => withTexts("admin", import("./features/admin/operators/operatorScreens.ts")),
    (m) => m.OperatorDetailScreen,
  ),
  OperatorEdit: lazyScreen(
    () => withTexts("admin", import("./features/admin/operators/operatorScreens.ts")),
    (m) => m.OperatorEditScreen,
  ),
  EventReportNegative: lazyScreen(
    () => withTexts("report", import("./features/report/ReportScreen.tsx")),
    (m) => m.ReportScreen,
  ),
  OperatorRoleList: lazyScreen(
    () => withTexts("admin", import("./features/admin/roles/RoleListScreen.tsx")),
    (m) => m.RoleListScreen,
  ),
  AllowedIpAddress: lazyScreen(
    () => withTexts("admin", import("./features/admin/allowedIp/AllowedIpAddressScreen.tsx")),
    (m) => m.AllowedIpAddressScreen,
  ),
  NegativeList: lazyScreen(
    () => withTexts("lists", import("./features/lists/negative/NegativeListScreen.tsx")),
    (m) => m.NegativeListScreen,
  ),
  NegativeDetail: lazyScreen(
    () => withTexts("lists", import("./features/lists/negative/NegativeDetailScreen.tsx")),
    (m) => m.NegativeDetailScreen,
  ),
  NegativeAdd: lazyScreen(
    () => withTexts("lists", import("./features/lists/negative/NegativeAddScreen.tsx")),
    (m) => m.NegativeAddScreen,
  ),
  CsvAuthori: lazyScreen(
    () => withTexts("csv", import("./features/csv/CsvAuthoriScreen.tsx")),
    (m) => m.CsvAuthoriScreen,
  ),
  CsvAuthoriHistory: lazyScreen(
    () => withTexts("csv", import("./features/csv/CsvAuthoriHistoryScreen.tsx")),
    (m) => m.CsvAuthoriHistoryScreen,
  ),
  CsvUpdate: lazyScreen(
    () => withTexts("csv", import("./features/csv/CsvUpdateScreen.tsx")),
    (m) => m.CsvUpdateScreen,
  ),
  CsvNegative: lazyScreen(
    () => withTexts("csv", import("./features/csv/CsvNegativeScreen.tsx")),
    (m) => m.CsvNegativeScreen,
  ),
  NegativeHistory: lazyScreen(
    () => withTexts("csv", import("./features/csv/NegativeHistoryScreen.tsx")),
    (m) => m.NegativeHistoryScreen,
  ),
  AuditLog: lazyScreen(
    () => withTexts("admin", import("./features/admin/auditLog/AuditLogScreen.tsx")),
    (m) => m.AuditLogScreen,
  ),
  WhiteList: lazyScreen(
    () => withTexts("lists", import("./features/lists/white/WhiteListScreen.tsx")),
    (m) => m.WhiteListScreen,
  ),
  WhiteAdd: lazyScreen(
    () => withTexts("lists", import("./features/lists/white/WhiteAddScreen.tsx")),
    (m) => m.WhiteAddScreen,
  ),
  KeywordCategoryList: lazyScreen(
    () => withTexts("lists", import("./features/lists/keyword/KeywordCategoryListScreen.tsx")),
    (m) => m.KeywordCategoryListScreen,
  ),
  KeywordList: lazyScreen(
    () => withTexts("lists", import("./features/lists/keyword/KeywordListScreen.tsx")),
    (m) => m.KeywordListScreen,
  ),
  KeywordAdd: lazyScreen(
    () => withTexts("lists", import("./features/lists/keyword/KeywordAddScreen.tsx")),
    (m) => m.KeywordAddScreen,
  ),
} satisfies Record<ImplementedScreenId, LazyScreen>;

export const SCREEN_COMPONENTS: Partial<Record<ScreenId, LazyScreen>> = IMPLEMENTED_COMPONENTS;
