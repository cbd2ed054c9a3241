/** A row's summary as one line: "before → after" of its JSON, or only the side it has; "-" for neither. */
export function summaryText(summary: unknown): string {
  const { before = null, after = null } =
    summary !== null && typeof summary === "object" ? (summary as { before?: unknown; after?: unknown }) : {};
  const text = (value: unknown) => JSON.stringify(value);
  if (before === null && after === null) return "-";
  if (before === null) return text(after);
  if (after === null) return `${text(before)} →`;
  return `${text(before)} → ${text(after)}`;
}
