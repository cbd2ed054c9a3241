import messagesEn from "../../contract/messages/en.json";
import apiConnectionEn from "./locales/en/apiConnection.json";
import commonEn from "./locales/en/common.json";
import eventDetailEn from "./locales/en/eventDetail.json";
import eventDisplayEn from "./locales/en/eventDisplay.json";
import eventExportEn from "./locales/en/eventExport.json";
import eventListEn from "./locales/en/eventList.json";
import loginEn from "./locales/en/login.json";
import menuEn from "./locales/en/menu.json";
import passwordEn from "./locales/en/password.json";
import rulesEn from "./locales/en/rules.json";
import shellEn from "./locales/en/shell.json";
import systemEn from "./locales/en/system.json";

/**
 * Every English namespace: one chunk, loaded only when the console is shown in English
 * (resources.ts). The contract's message catalogue is the namespace "messages", so numbered messages
 * and validation texts read the same in the browser as in server answers. Its shape is the type of
 * every language's resources (resourcesJa.ts must have the same namespaces and keys).
 */
export const resourcesEn = {
  apiConnection: apiConnectionEn,
  common: commonEn,
  eventDetail: eventDetailEn,
  eventList: eventListEn,
  eventDisplay: eventDisplayEn,
  eventExport: eventExportEn,
  login: loginEn,
  menu: menuEn,
  password: passwordEn,
  rules: rulesEn,
  shell: shellEn,
  system: systemEn,
  messages: messagesEn,
} as const;

export type Resources = typeof resourcesEn;
