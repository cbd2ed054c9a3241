import { useTranslation } from "react-i18next";
import { codeLabel } from "../../../../contract/eventCodeLabels.ts";
import type { NegativeCoverage } from "../../../../contract/eventDetail.ts";
import { currentLang } from "../../../i18n/i18n.ts";

/** A SHA-256 hash (64 hex digits) reads by its first digits; the whole value is on the detail. */
const HASH = /^[0-9a-f]{64}$/i;
const shortened = (value: string): string =>
  value
    .split(" ")
    .map((part) => (HASH.test(part) ? `${part.slice(0, 12)}…` : part))
    .join(" ");

/**
 * What registering a party puts on the negative list (each item the engine will match, with this
 * event's value), folded under a summary with the count. It opens by itself when registration is
 * chosen, so the operator sees what is added (the event's device and card too) before confirming.
 */
export function NegativeCoverageList({
  lines,
  open,
  onToggle,
}: {
  lines: readonly NegativeCoverage[];
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const { t } = useTranslation("eventDetail");
  const lang = currentLang();
  return (
    <details
      className="event-dialog-coverage"
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
    >
      <summary>{t("negativeCoverage", { count: lines.length })}</summary>
      <dl>
        {lines.map((line) => (
          <div key={`${line.item} ${line.value}`}>
            <dt>{codeLabel(lang, "negativeItem", line.item)}</dt>
            <dd>{shortened(line.value)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
