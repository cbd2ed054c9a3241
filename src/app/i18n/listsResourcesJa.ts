import type { ListsResources } from "./listsResourcesEn.ts";
import keywordJa from "./locales/ja/keyword.json";
import negativeJa from "./locales/ja/negative.json";
import whiteJa from "./locales/ja/white.json";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** The lists screens' Japanese namespaces, loaded with those screens (resources.ts). */
export const listsResourcesJa: SinglePluralForm<ListsResources> = {
  negative: negativeJa,
  white: whiteJa,
  keyword: keywordJa,
};
