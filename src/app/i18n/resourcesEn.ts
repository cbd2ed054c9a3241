import messagesEn from "../../contract/messages/en.json";
import apiConnectionEn from "./locales/en/apiConnection.json";
import commonEn from "./locales/en/common.json";
import loginEn from "./locales/en/login.json";
import menuEn from "./locales/en/menu.json";
import passwordEn from "./locales/en/password.json";
import rulesEn from "./locales/en/rules.json";
import shellEn from "./locales/en/shell.json";
import systemEn from "./locales/en/system.json";

/**
 * The English namespaces every page needs (the event screens add theirs: eventResourcesEn.ts): one chunk, loaded only when the console is shown in English
 * (resources.ts). The contract's message catalogue is the namespace "messages", so numbered messages
 * and validation texts read the same in the browser as in server answers. Its shape is the type of
 * every language's resources (resourcesJa.ts must have the same namespaces and keys).
 */
export const resourcesEn = {
  apiConnection: apiConnectionEn,
  common: commonEn,
  login: loginEn,
  menu: menuEn,
  password: passwordEn,
  rules: rulesEn,
  shell: shellEn,
  system: systemEn,
  messages: messagesEn,
} as const;

export type CoreResources = typeof resourcesEn;
