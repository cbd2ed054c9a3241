import eventReportJa from "./locales/ja/eventReport.json";
import type { ReportResources } from "./reportResourcesEn.ts";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** The report screens' Japanese namespaces, loaded with those screens (resources.ts). */
export const reportResourcesJa: SinglePluralForm<ReportResources> = {
  eventReport: eventReportJa,
};
