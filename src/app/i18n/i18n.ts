import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Lang } from "../../contract/envelope.ts";
import { type FeatureGroup, loadCoreResources, loadFeatureResources, type Namespace } from "./resources.ts";

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

/** The feature groups whose namespaces this page has loaded (a language switch loads them again). */
const loadedGroups = new Set<FeatureGroup>();

async function addFeatureResources(group: FeatureGroup, lang: Lang): Promise<void> {
  const resources = await loadFeatureResources(group, lang);
  for (const [ns, bundle] of Object.entries(resources)) i18next.addResourceBundle(lang, ns, bundle);
}

/** Adds a feature group's namespaces in the language shown, once (its screens' lazy chunks await it). */
export async function ensureFeatureResources(group: FeatureGroup): Promise<void> {
  loadedGroups.add(group);
  const lang = currentLang();
  const [firstNamespace] = Object.keys(await loadFeatureResources(group, lang));
  if (firstNamespace && i18next.hasResourceBundle(lang, firstNamespace)) return;
  await addFeatureResources(group, lang);
}

/** Shows the console in another language, loading its core and the groups this page uses first. */
export async function changeLang(lang: Lang): Promise<void> {
  if (!i18next.hasResourceBundle(lang, "common")) {
    const core = await loadCoreResources(lang);
    for (const [ns, bundle] of Object.entries(core)) i18next.addResourceBundle(lang, ns, bundle);
  }
  await Promise.all([...loadedGroups].map((group) => addFeatureResources(group, lang)));
  await i18next.changeLanguage(lang);
}

/** Text for a key chosen at run time (e.g. a dialog's question, "shell:logoutConfirm"), with its placeholders. */
export const translateKey = (key: string, params?: Record<string, string | number>): string =>
  (i18next.t as unknown as (key: string, params?: Record<string, string | number>) => string)(key, params);
