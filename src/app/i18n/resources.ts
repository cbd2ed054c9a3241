import type { Lang } from "../../contract/envelope.ts";
import type { AdminResources } from "./adminResourcesEn.ts";
import type { CsvResources } from "./csvResourcesEn.ts";
import type { EventResources } from "./eventResourcesEn.ts";
import type { ListsResources } from "./listsResourcesEn.ts";
import type { ReportResources } from "./reportResourcesEn.ts";
import type { CoreResources } from "./resourcesEn.ts";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** The namespaces of each feature group, loaded with that group's screens. */
export interface FeatureResources {
  event: EventResources;
  lists: ListsResources;
  csv: CsvResources;
  admin: AdminResources;
  report: ReportResources;
}
export type FeatureGroup = keyof FeatureResources;

/** Every namespace of one language: the core ones every page needs and every feature group's. */
export type Resources = CoreResources &
  EventResources &
  ListsResources &
  CsvResources &
  AdminResources &
  ReportResources;
export type Namespace = keyof Resources;

type Loaded<T> = T | SinglePluralForm<T>;
type Loaders<T> = Record<Lang, () => Promise<Loaded<T>>>;

/**
 * One language's namespaces, as chunks of their own: a page loads only the language it shows (the
 * core namespaces: resourcesEn.ts, resourcesJa.ts), a feature group's screens add the group's when
 * they load (eventResourcesEn.ts, listsResourcesEn.ts, ...), and another language is loaded when asked
 * to switch. A new namespace is one import and one entry in each language's file of its group.
 */
const CORE_LOADERS: Loaders<CoreResources> = {
  en: () => import("./resourcesEn.ts").then((m) => m.resourcesEn),
  ja: () => import("./resourcesJa.ts").then((m) => m.resourcesJa),
};

const FEATURE_LOADERS: { [G in FeatureGroup]: Loaders<FeatureResources[G]> } = {
  event: {
    en: () => import("./eventResourcesEn.ts").then((m) => m.eventResourcesEn),
    ja: () => import("./eventResourcesJa.ts").then((m) => m.eventResourcesJa),
  },
  lists: {
    en: () => import("./listsResourcesEn.ts").then((m) => m.listsResourcesEn),
    ja: () => import("./listsResourcesJa.ts").then((m) => m.listsResourcesJa),
  },
  csv: {
    en: () => import("./csvResourcesEn.ts").then((m) => m.csvResourcesEn),
    ja: () => import("./csvResourcesJa.ts").then((m) => m.csvResourcesJa),
  },
  admin: {
    en: () => import("./adminResourcesEn.ts").then((m) => m.adminResourcesEn),
    ja: () => import("./adminResourcesJa.ts").then((m) => m.adminResourcesJa),
  },
  report: {
    en: () => import("./reportResourcesEn.ts").then((m) => m.reportResourcesEn),
    ja: () => import("./reportResourcesJa.ts").then((m) => m.reportResourcesJa),
  },
};

export const FEATURE_GROUPS = Object.keys(FEATURE_LOADERS) as FeatureGroup[];

export const loadCoreResources = (lang: Lang): Promise<Loaded<CoreResources>> => CORE_LOADERS[lang]();
export const loadFeatureResources = <G extends FeatureGroup>(
  group: G,
  lang: Lang,
): Promise<Loaded<FeatureResources[G]>> =>
  FEATURE_LOADERS[group][lang]() as Promise<Loaded<FeatureResources[G]>>;

/** Every namespace of a language (a language switch; the key-parity tests). */
export const loadResources = async (lang: Lang): Promise<Record<Namespace, unknown>> => {
  const groups = await Promise.all(FEATURE_GROUPS.map((group) => loadFeatureResources(group, lang)));
  return Object.assign({}, await loadCoreResources(lang), ...groups);
};
