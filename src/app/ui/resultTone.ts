/** How a screening result reads at a glance: the same colour for the same decision everywhere. */
export type ResultTone = "ok" | "ng" | "hold" | "review" | "none";

const AUTOMATIC: Readonly<Record<string, ResultTone>> = {
  OK: "ok",
  NG: "ng",
  HOLD: "hold",
  REVIEW: "review",
};
const MANUAL: Readonly<Record<string, ResultTone>> = { "10": "ok", "20": "ng", "30": "hold" };

/** The fields whose values are results. */
export type ResultField = "aaresult" | "maresult";

export const isResultField = (field: string): field is ResultField =>
  field === "aaresult" || field === "maresult";

/** The tone of an automatic (aaresult) or manual (maresult; null when not screened) result code. */
export function resultTone(field: ResultField, code: unknown): ResultTone {
  if (typeof code !== "string") return "none";
  return (field === "aaresult" ? AUTOMATIC : MANUAL)[code] ?? "none";
}
