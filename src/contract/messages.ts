import type { Lang } from "./envelope.ts";
import en from "./messages/en.json";
import ja from "./messages/ja.json";

/**
 * Numbered messages (spec section 8), server error texts and validation messages in both languages.
 * The server answers in the request's language; the SPA registers the same JSON as the i18next
 * namespace "messages", so one catalogue serves both. Placeholders use single braces: {max}.
 */
export const MESSAGE_CATALOGUE = { ja, en } as const;
export type MessageCatalogue = typeof en;
export type MessageNo = keyof MessageCatalogue["no"];
export type ValidationKey = keyof MessageCatalogue["validation"];
export type ErrorTextKey = keyof MessageCatalogue["error"];

/** Dotted key into the catalogue: "no.903", "validation.max", "error.malformedJson". */
export type MessageKey = `no.${MessageNo}` | `validation.${ValidationKey}` | `error.${ErrorTextKey}`;

export type MessageParams = Record<string, string | number>;

export const interpolate = (template: string, params: MessageParams = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

export function messageText(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const [section, id] = key.split(".", 2) as [keyof MessageCatalogue, string];
  const table = MESSAGE_CATALOGUE[lang][section] as Record<string, string>;
  return interpolate(table[id] ?? key, params);
}

export const isMessageNo = (value: string): value is MessageNo => Object.hasOwn(en.no, value);
