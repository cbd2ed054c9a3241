import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Lang } from "../../contract/envelope.ts";
import { loadCoreResources, loadEventResources, loadResources, type Namespace } from "./resources.ts";

/** Japanese when the browser language starts with "ja", English otherwise (spec section 1). */
export const detectLang = (browserLanguage: string): Lang =>
  browserLanguage.toLowerCase().startsWith("ja") ? "ja" : "en";

/** The language the console is shown in; Japanese is the fallback. */
export const currentLang = (): Lang => (i18next.resolvedLanguage === "en" ? "en" : "ja");

/**
 * Loads the language's resources (its own chunk) and starts i18next with them; once this resolves,
 * the first render is translated. The other language is loaded only by changeLang.
 */
export async function initI18n(lang: Lang): Promise<typeof i18next> {
  const resources = await loadCoreResources(lang);
  await i18next.use(initReactI18next).init({
    resources: { [lang]: resources },
    // The other language is added on demand (changeLang), not fetched by i18next itself.
    partialBundledLanguages: true,
    lng: lang,
    fallbackLng: "ja",
    supportedLngs: ["ja", "en"],
    ns: Object.keys(resources) as Namespace[],
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

/** Adds the event screens' namespaces of the language shown, once (their lazy chunks await it). */
export async function ensureEventResources(): Promise<void> {
  const lang = currentLang();
  if (i18next.hasResourceBundle(lang, "eventList")) return;
  const resources = await loadEventResources(lang);
  for (const [ns, bundle] of Object.entries(resources)) i18next.addResourceBundle(lang, ns, bundle);
}

/** Shows the console in another language, loading its resources first if this page has not yet. */
export async function changeLang(lang: Lang): Promise<void> {
  if (!i18next.hasResourceBundle(lang, "common")) {
    const resources = await loadResources(lang);
    for (const [ns, bundle] of Object.entries(resources)) i18next.addResourceBundle(lang, ns, bundle);
  }
  await i18next.changeLanguage(lang);
}

/** Text for a key chosen at run time (e.g. a dialog's question, "shell:logoutConfirm"), with its placeholders. */
export const translateKey = (key: string, params?: Record<string, string | number>): string =>
  (i18next.t as unknown as (key: string, params?: Record<string, string | number>) => string)(key, params);
