import type { Lang } from "../../contract/envelope.ts";
import type { EventResources } from "./eventResourcesEn.ts";
import type { CoreResources } from "./resourcesEn.ts";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** Every namespace of one language: the core ones every page needs and the event screens' ones. */
export type Resources = CoreResources & EventResources;
export type Namespace = keyof Resources;

type Loaded<T> = T | SinglePluralForm<T>;

/**
 * One language's namespaces, as chunks of their own: a page loads only the language it shows (the
 * core namespaces: resourcesEn.ts, resourcesJa.ts), the event screens add theirs when they load
 * (eventResourcesEn.ts, eventResourcesJa.ts), and another language is loaded when asked to switch.
 * A new namespace is one import and one entry in each language's file of its group.
 */
const CORE_LOADERS: Record<Lang, () => Promise<Loaded<CoreResources>>> = {
  en: () => import("./resourcesEn.ts").then((m) => m.resourcesEn),
  ja: () => import("./resourcesJa.ts").then((m) => m.resourcesJa),
};

const EVENT_LOADERS: Record<Lang, () => Promise<Loaded<EventResources>>> = {
  en: () => import("./eventResourcesEn.ts").then((m) => m.eventResourcesEn),
  ja: () => import("./eventResourcesJa.ts").then((m) => m.eventResourcesJa),
};

export const loadCoreResources = (lang: Lang): Promise<Loaded<CoreResources>> => CORE_LOADERS[lang]();
export const loadEventResources = (lang: Lang): Promise<Loaded<EventResources>> => EVENT_LOADERS[lang]();

/** Every namespace of a language (a language switch; the key-parity tests). */
export const loadResources = async (lang: Lang): Promise<Loaded<CoreResources> & Loaded<EventResources>> => ({
  ...(await loadCoreResources(lang)),
  ...(await loadEventResources(lang)),
});
