import csvScreensEn from "./locales/en/csvScreens.json";

/** The bulk csv screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const csvResourcesEn = {
  csvScreens: csvScreensEn,
} as const;

export type CsvResources = typeof csvResourcesEn;
