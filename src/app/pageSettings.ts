import { ENVIRONMENTS, type Environment } from "../contract/codes.ts";
import { PAGE_META } from "../contract/pageMeta.ts";

/** What the server put into index.html (src/contract/pageMeta.ts), read once at boot. */
export interface PageSettings {
  /** The server's environment; null when the page carries none (e.g. the Vite dev server). */
  environment: Environment | null;
  /** The FAQ address (https only); null when the server has none: then there is no FAQ link. */
  faqUrl: string | null;
}

const metaContent = (root: ParentNode, name: string): string | null =>
  root.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? null;

const isEnvironment = (value: string | null): value is Environment =>
  (ENVIRONMENTS as readonly (string | null)[]).includes(value);

function httpsUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/** Reads the settings from a document's meta tags; anything missing or malformed counts as absent. */
export function readPageSettings(root: ParentNode): PageSettings {
  const environment = metaContent(root, PAGE_META.environment);
  return {
    environment: isEnvironment(environment) ? environment : null,
    faqUrl: httpsUrl(metaContent(root, PAGE_META.faqUrl)),
  };
}

let settings: PageSettings | null = null;

/** This page's settings (read from the document on first use; they do not change until a reload). */
export function pageSettings(): PageSettings {
  settings ??= readPageSettings(document);
  return settings;
}
