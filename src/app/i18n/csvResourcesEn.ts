import csvEn from "./locales/en/csv.json";

/** The bulk csv screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const csvResourcesEn = {
  csv: csvEn,
} as const;

export type CsvResources = typeof csvResourcesEn;
