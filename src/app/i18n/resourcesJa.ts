import messagesJa from "../../contract/messages/ja.json";
import apiConnectionJa from "./locales/ja/apiConnection.json";
import commonJa from "./locales/ja/common.json";
import eventDetailJa from "./locales/ja/eventDetail.json";
import eventDisplayJa from "./locales/ja/eventDisplay.json";
import eventExportJa from "./locales/ja/eventExport.json";
import eventListJa from "./locales/ja/eventList.json";
import loginJa from "./locales/ja/login.json";
import menuJa from "./locales/ja/menu.json";
import passwordJa from "./locales/ja/password.json";
import rulesJa from "./locales/ja/rules.json";
import shellJa from "./locales/ja/shell.json";
import systemJa from "./locales/ja/system.json";
import type { Resources } from "./resourcesEn.ts";

/** Every Japanese namespace: one chunk, loaded only when the console is shown in Japanese. */
export const resourcesJa: Resources = {
  apiConnection: apiConnectionJa,
  common: commonJa,
  eventDetail: eventDetailJa,
  eventDisplay: eventDisplayJa,
  eventExport: eventExportJa,
  eventList: eventListJa,
  login: loginJa,
  menu: menuJa,
  password: passwordJa,
  rules: rulesJa,
  shell: shellJa,
  system: systemJa,
  messages: messagesJa,
};
