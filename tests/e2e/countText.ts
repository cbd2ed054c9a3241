/**
 * A text with a count as the console shows it (i18next, `{count, number}`): English takes the key's
 * `_one` form for exactly 1 and its `_other` form otherwise, Japanese its bare key; a number is written
 * with thousands separators, a string (a pattern, a figure read from the page) as it is.
 */
export function countText(
  texts: object,
  key: string,
  count: number | string,
  params: Record<string, string | number> = {},
): string {
  const forms = texts as Record<string, unknown>;
  const template = forms[`${key}_${count === 1 ? "one" : "other"}`] ?? forms[key];
  if (typeof template !== "string") throw new Error(`no text "${key}"`);
  const values: Record<string, string | number> = {
    ...params,
    count: typeof count === "number" ? count.toLocaleString("en-US") : count,
  };
  return template.replace(/\{(\w+)(?:, number)?\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
