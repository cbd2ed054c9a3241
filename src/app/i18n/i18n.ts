import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Lang } from "../../contract/envelope.ts";
import { NAMESPACES, resources } from "./resources.ts";

/** Japanese when the browser language starts with "ja", English otherwise (spec section 1). */
export const detectLang = (browserLanguage: string): Lang =>
  browserLanguage.toLowerCase().startsWith("ja") ? "ja" : "en";

/** The language the console is shown in; Japanese is the fallback. */
export const currentLang = (): Lang => (i18next.resolvedLanguage === "en" ? "en" : "ja");

export function initI18n(lang: Lang): typeof i18next {
  // Resources are bundled, so init completes synchronously and the first render is translated.
  void i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: "ja",
    supportedLngs: ["ja", "en"],
    ns: NAMESPACES,
    defaultNS: "common",
    interpolation: { prefix: "{", suffix: "}", escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = lang;
  i18next.on("languageChanged", (language) => {
    document.documentElement.lang = language;
  });
  return i18next;
}

/** Text for a key chosen at run time (e.g. a dialog's question, "shell:logoutConfirm"). */
export const translateKey = (key: string): string => (i18next.t as unknown as (key: string) => string)(key);
