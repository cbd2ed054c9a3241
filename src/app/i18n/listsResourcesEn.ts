import listsEn from "./locales/en/lists.json";

/** The lists screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const listsResourcesEn = {
  lists: listsEn,
} as const;

export type ListsResources = typeof listsResourcesEn;
