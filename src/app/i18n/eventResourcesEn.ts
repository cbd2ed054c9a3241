import eventDetailEn from "./locales/en/eventDetail.json";
import eventDisplayEn from "./locales/en/eventDisplay.json";
import eventExportEn from "./locales/en/eventExport.json";
import eventListEn from "./locales/en/eventList.json";
import shortcutsEn from "./locales/en/shortcuts.json";

/**
 * The event review screens' English namespaces: a chunk of their own, loaded with the event screens
 * (eventResources.ts), so the login page does not carry them.
 */
export const eventResourcesEn = {
  eventDetail: eventDetailEn,
  eventDisplay: eventDisplayEn,
  eventExport: eventExportEn,
  eventList: eventListEn,
  shortcuts: shortcutsEn,
} as const;

export type EventResources = typeof eventResourcesEn;
