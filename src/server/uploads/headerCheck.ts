import type { Lang } from "../../contract/envelope.ts";
import { messageText } from "../../contract/messages.ts";

/**
 * Checks a file's header row against its type's columns: each named once, none missing (but an
 * optional one, whose cells then read as empty), none other.
 * Answers the reason to refuse the whole file (naming the column), or null when it fits.
 */
export function headerProblem(
  lang: Lang,
  header: readonly string[] | undefined,
  columns: readonly string[],
  optional: readonly string[] = [],
): string | null {
  if (header === undefined) return messageText(lang, "validation.uploadEmpty");
  const seen = new Set<string>();
  for (const raw of header) {
    const column = raw.trim();
    if (seen.has(column)) return messageText(lang, "validation.uploadDuplicateColumn", { column });
    seen.add(column);
    if (!columns.includes(column)) return messageText(lang, "validation.uploadUnknownColumn", { column });
  }
  const missing = columns.find((column) => !seen.has(column) && !optional.includes(column));
  return missing === undefined
    ? null
    : messageText(lang, "validation.uploadMissingColumn", { column: missing });
}
