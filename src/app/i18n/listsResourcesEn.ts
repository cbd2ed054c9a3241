import keywordEn from "./locales/en/keyword.json";
import negativeEn from "./locales/en/negative.json";
import whiteEn from "./locales/en/white.json";

/** The lists screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const listsResourcesEn = {
  negative: negativeEn,
  white: whiteEn,
  keyword: keywordEn,
} as const;

export type ListsResources = typeof listsResourcesEn;
