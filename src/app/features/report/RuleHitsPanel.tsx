import { Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../../contract/envelope.ts";
import { detectionModelLabel } from "../../../contract/releasedRules.ts";
import {
  RULE_HIT_CSV_HEADERS,
  RULE_HIT_RELEASE_LABEL,
  type RuleHitResult,
  type RuleHitRow,
} from "../../../contract/report.ts";
import { currentLang } from "../../i18n/i18n.ts";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { keyboardScrollable } from "../../ui/keyboardScrollable.ts";
import { Loading } from "../../ui/Loading.tsx";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { ReportActor } from "./ReportActor.tsx";
import { formatCount, periodLabel } from "./reportFormat.ts";
import { useReportView } from "./useReportView.ts";

const COUNT_COLUMNS = ["hits", "reasonHits", "manualNg", "manualOk", "negatived"] as const;

/**
 * Rule hit statistics of the shown report's period and model (the first model for "each model"): per
 * rule code of the deciding release, and of the Simulation release beside it, sorted by hits.
 */
export function RuleHitsPanel() {
  const { t } = useTranslation("eventReport");
  const report = ReportActor.useActorRef();
  const { ruleHits, ruleHitErrors, loadingRuleHits, canExportRuleHits, exportingRuleHits, models } =
    useReportView();
  const lang = currentLang();
  const model = models.find((candidate) => candidate.modelId === ruleHits?.modelId);
  return (
    <Flex direction="column" gap="4">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text as="p" color="gray">
          {ruleHits
            ? t("ruleHits.model", {
                model: model ? detectionModelLabel(model) : ruleHits.modelId,
                from: periodLabel(ruleHits.from),
                to: periodLabel(ruleHits.to),
              })
            : null}
        </Text>
        <BusyButton
          variant="soft"
          disabled={!canExportRuleHits && !exportingRuleHits}
          busy={exportingRuleHits}
          onClick={() => report.send({ type: "ruleHits.export" })}
        >
          {t("csvOutput")}
        </BusyButton>
      </Flex>
      {loadingRuleHits ? <Loading /> : null}
      {ruleHitErrors.length > 0 ? (
        <FormMessage tone="error">
          {t("ruleHits.loadFailed")} {ruleHitErrors.map(shownErrorText).join("\n")}
        </FormMessage>
      ) : null}
      {ruleHits ? (
        <>
          <RuleHitTable result={ruleHits} kind="normal" lang={lang} />
          <RuleHitTable result={ruleHits} kind="simulation" lang={lang} />
        </>
      ) : null}
    </Flex>
  );
}

function RuleHitTable({
  result,
  kind,
  lang,
}: {
  result: RuleHitResult;
  kind: "normal" | "simulation";
  lang: Lang;
}) {
  const { t } = useTranslation("eventReport");
  const headers = RULE_HIT_CSV_HEADERS[lang];
  const release = RULE_HIT_RELEASE_LABEL[lang][kind];
  const releaseId = kind === "normal" ? result.releaseId : result.simulationReleaseId;
  const rows: RuleHitRow[] = result[kind];
  const title = releaseId
    ? t("ruleHits.caption", { release, releaseId })
    : t("ruleHits.noRelease", { release });
  return (
    <section>
      <Heading as="h2" size="4" mb="2">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <Text as="p" color="gray">
          {t("ruleHits.empty")}
        </Text>
      ) : (
        <Table.Root ref={keyboardScrollable} variant="surface" size="1">
          <VisuallyHidden asChild>
            <caption>{title}</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell scope="col">{headers.ruleCode}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell scope="col">{headers.ruleDescription}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell scope="col">{headers.inRelease}</Table.ColumnHeaderCell>
              {COUNT_COLUMNS.map((column) => (
                <Table.ColumnHeaderCell key={column} scope="col">
                  {headers[column]}
                </Table.ColumnHeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.ruleCode}>
                <Table.RowHeaderCell scope="row">{row.ruleCode}</Table.RowHeaderCell>
                <Table.Cell>{row.ruleDescription}</Table.Cell>
                <Table.Cell>{row.inRelease ? t("ruleHits.yes") : t("ruleHits.no")}</Table.Cell>
                {COUNT_COLUMNS.map((column) => (
                  <Table.Cell key={column} className="report-cell">
                    {formatCount(row[column], lang)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </section>
  );
}
