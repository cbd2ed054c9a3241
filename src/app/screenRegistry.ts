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
