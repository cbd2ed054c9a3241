import type { CsvResources } from "./csvResourcesEn.ts";
import csvScreensJa from "./locales/ja/csvScreens.json";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** The bulk csv screens' Japanese namespaces, loaded with those screens (resources.ts). */
export const csvResourcesJa: SinglePluralForm<CsvResources> = {
  csvScreens: csvScreensJa,
};
