import eventReportEn from "./locales/en/eventReport.json";

/** The report screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const reportResourcesEn = {
  eventReport: eventReportEn,
} as const;

export type ReportResources = typeof reportResourcesEn;
