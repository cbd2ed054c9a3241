import messagesEn from "../../contract/messages/en.json";
import messagesJa from "../../contract/messages/ja.json";
import apiConnectionEn from "./locales/en/apiConnection.json";
import commonEn from "./locales/en/common.json";
import loginEn from "./locales/en/login.json";
import menuEn from "./locales/en/menu.json";
import passwordEn from "./locales/en/password.json";
import rulesEn from "./locales/en/rules.json";
import shellEn from "./locales/en/shell.json";
import systemEn from "./locales/en/system.json";
import apiConnectionJa from "./locales/ja/apiConnection.json";
import commonJa from "./locales/ja/common.json";
import loginJa from "./locales/ja/login.json";
import menuJa from "./locales/ja/menu.json";
import passwordJa from "./locales/ja/password.json";
import rulesJa from "./locales/ja/rules.json";
import shellJa from "./locales/ja/shell.json";
import systemJa from "./locales/ja/system.json";

/**
 * Every namespace in both languages. The contract's message catalogue is the namespace "messages", so
 * numbered messages and validation texts read the same in the browser as in server answers.
 */
export const resources = {
  ja: {
    apiConnection: apiConnectionJa,
    common: commonJa,
    login: loginJa,
    menu: menuJa,
    password: passwordJa,
    rules: rulesJa,
    shell: shellJa,
    system: systemJa,
    messages: messagesJa,
  },
  en: {
    apiConnection: apiConnectionEn,
    common: commonEn,
    login: loginEn,
    menu: menuEn,
    password: passwordEn,
    rules: rulesEn,
    shell: shellEn,
    system: systemEn,
    messages: messagesEn,
  },
} as const;

export type Namespace = keyof (typeof resources)["en"];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
