import type { EventResources } from "./eventResourcesEn.ts";
import eventDetailJa from "./locales/ja/eventDetail.json";
import eventDisplayJa from "./locales/ja/eventDisplay.json";
import eventExportJa from "./locales/ja/eventExport.json";
import eventListJa from "./locales/ja/eventList.json";
import shortcutsJa from "./locales/ja/shortcuts.json";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** The event review screens' Japanese namespaces, loaded with the event screens (eventResources.ts). */
export const eventResourcesJa: SinglePluralForm<EventResources> = {
  eventDetail: eventDetailJa,
  eventDisplay: eventDisplayJa,
  eventExport: eventExportJa,
  eventList: eventListJa,
  shortcuts: shortcutsJa,
};
