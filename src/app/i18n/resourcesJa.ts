import messagesJa from "../../contract/messages/ja.json";
import apiConnectionJa from "./locales/ja/apiConnection.json";
import commonJa from "./locales/ja/common.json";
import loginJa from "./locales/ja/login.json";
import menuJa from "./locales/ja/menu.json";
import passwordJa from "./locales/ja/password.json";
import rulesJa from "./locales/ja/rules.json";
import shellJa from "./locales/ja/shell.json";
import systemJa from "./locales/ja/system.json";
import type { CoreResources } from "./resourcesEn.ts";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** Every Japanese namespace: one chunk, loaded only when the console is shown in Japanese. */
export const resourcesJa: SinglePluralForm<CoreResources> = {
  apiConnection: apiConnectionJa,
  common: commonJa,
  login: loginJa,
  menu: menuJa,
  password: passwordJa,
  rules: rulesJa,
  shell: shellJa,
  system: systemJa,
  messages: messagesJa,
};
