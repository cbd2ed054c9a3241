import { useTranslation } from "react-i18next";
import { formatDate } from "../i18n/format.ts";
import { useSessionInfo } from "../session/useSessionInfo.ts";

/**
 * Trial use (spec section 1): events used and the period, "limit reached", or not started. The limit
 * itself never reaches the browser. Contracts without a trial show nothing.
 */
export function TrialDisplay() {
  const { t } = useTranslation("shell");
  const trial = useSessionInfo()?.trial ?? null;
  if (trial === null) return null;
  if (trial.start === null) return <span className="trial">{t("trialNotStarted")}</span>;
  const period = { start: formatDate(trial.start), end: trial.end === null ? "" : formatDate(trial.end) };
  return (
    <span className="trial">
      {trial.limitReached
        ? t("trialLimitReached", period)
        : t("trialUsed", { count: trial.count, ...period })}
    </span>
  );
}
