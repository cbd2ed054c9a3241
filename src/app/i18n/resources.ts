import type { Lang } from "../../contract/envelope.ts";
import type { Resources } from "./resourcesEn.ts";

export type { Resources } from "./resourcesEn.ts";
export type Namespace = keyof Resources;

/**
 * One language's namespaces, as a chunk of their own (resourcesEn.ts, resourcesJa.ts): a page loads
 * only the language it shows, and another one when asked to switch. A new namespace is one import and
 * one entry in each of those two files.
 */
const LOADERS: Record<Lang, () => Promise<Resources>> = {
  en: () => import("./resourcesEn.ts").then((m) => m.resourcesEn),
  ja: () => import("./resourcesJa.ts").then((m) => m.resourcesJa),
};

export const loadResources = (lang: Lang): Promise<Resources> => LOADERS[lang]();
