import type { ResultTone } from "./resultTone.ts";
import "./resultMark.css";

/**
 * A result's name on its tone's colour. The name is the text (colour only adds to it), so it reads
 * the same to a screen reader and in a high-contrast mode.
 */
export function ResultMark({ tone, label }: { tone: ResultTone; label: string }) {
  return <span className={`result-mark result-mark-${tone}`}>{label}</span>;
}
