import listsEn from "./locales/en/lists.json";
import negativeEn from "./locales/en/negative.json";

/** The lists screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const listsResourcesEn = {
  lists: listsEn,
  negative: negativeEn,
} as const;

export type ListsResources = typeof listsResourcesEn;
