import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  Table,
  Tabs,
  Text,
  TextField,
  VisuallyHidden,
} from "@radix-ui/themes";
import { type FormEvent, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import type { ReportTab } from "../../../../machines/report/reportMachine.ts";
import type { Lang } from "../../../contract/envelope.ts";
import { detectionModelLabel } from "../../../contract/releasedRules.ts";
import {
  type ModelReport,
  REPORT_CSV_HEADERS,
  REPORT_TOTAL_LABEL,
  type ReportFigures,
} from "../../../contract/report.ts";
import { formatCurrency } from "../../i18n/format.ts";
import { currentLang } from "../../i18n/i18n.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { keyboardScrollable } from "../../ui/keyboardScrollable.ts";
import { Loading } from "../../ui/Loading.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { ReportActor, ReportProvider } from "./ReportActor.tsx";
import { ReportChart } from "./ReportChart.tsx";
import { RuleHitsPanel } from "./RuleHitsPanel.tsx";
import {
  formatChange,
  formatCount,
  formatRate,
  formatRateChange,
  periodLabel,
  TALLY_COLUMNS,
  tallyOf,
  unitOf,
} from "./reportFormat.ts";
import { useReportView } from "./useReportView.ts";
import "./report.css";

/**
 * Screening result report (spec section 2, /EventReportNegative; issue 42): monthly or daily, one
 * detection model or each, a period (default the last 12 months or 31 days); per model a chart of
 * the automatic results and the capture rate and the table of every figure with its change from the
 * previous period, a totals row and CSV output; the rule hit statistics in a second tab.
 */
export function ReportScreen() {
  const { t } = useTranslation("eventReport");
  usePageTitle(t("heading"));
  return (
    <ReportProvider>
      <ReportPage />
    </ReportProvider>
  );
}

function ReportPage() {
  const { t } = useTranslation("eventReport");
  const report = ReportActor.useActorRef();
  const { busy, starting, noModels, failed } = useReportView();
  useEffect(() => report.send({ type: "report.start" }), [report]);

  return (
    <Card size="4" aria-busy={busy}>
      <Heading as="h1" size="6" mb="4">
        {t("heading")}
      </Heading>
      {starting ? <Loading /> : null}
      {noModels ? <FormMessage tone="info">{t("noModels")}</FormMessage> : null}
      {failed ? (
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">{t("loadFailed")}</FormMessage>
          <Button type="button" onClick={() => report.send({ type: "report.start" })}>
            {t("reload")}
          </Button>
        </Flex>
      ) : null}
      {starting || noModels || failed ? null : <ReportBody />}
    </Card>
  );
}

function ReportBody() {
  const { t } = useTranslation("eventReport");
  const report = ReportActor.useActorRef();
  const { tab } = useReportView();
  return (
    <Flex direction="column" gap="4">
      <CriteriaForm />
      <Tabs.Root
        value={tab}
        onValueChange={(value) => report.send({ type: "tab.choose", tab: value as ReportTab })}
      >
        <Tabs.List>
          <Tabs.Trigger value="report">{t("tabs.report")}</Tabs.Trigger>
          <Tabs.Trigger value="ruleHits">{t("tabs.ruleHits")}</Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="report">
            <ReportPanel />
          </Tabs.Content>
          <Tabs.Content value="ruleHits">
            <RuleHitsPanel />
          </Tabs.Content>
        </Box>
      </Tabs.Root>
    </Flex>
  );
}

const FIELD_CLASSES = { field: "report-field", select: "report-select" };

function CriteriaForm() {
  const { t } = useTranslation("eventReport");
  const report = ReportActor.useActorRef();
  const ids = { unit: useId(), model: useId(), from: useId(), to: useId() };
  const { models, criteria, canEdit, canSubmit, loadingReport, fromError, toError, otherErrors } =
    useReportView();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.send({ type: "report.submit" });
  };
  const period = (end: "from" | "to", value: string) =>
    report.send({
      type: "period.change",
      from: end === "from" ? value : criteria.from,
      to: end === "to" ? value : criteria.to,
    });
  const hint = t(`periodHint.${criteria.unit}`);
  return (
    <form onSubmit={submit} aria-label={t("criteria")}>
      <Flex gap="4" align="start" wrap="wrap">
        <SelectField
          id={ids.unit}
          label={t("unit")}
          value={criteria.unit}
          disabled={!canEdit}
          classes={FIELD_CLASSES}
          options={[
            { value: "month", label: t("units.month") },
            { value: "day", label: t("units.day") },
          ]}
          onChange={(unit) => report.send({ type: "unit.choose", unit: unitOf(unit) })}
        />
        <SelectField
          id={ids.model}
          label={t("model")}
          value={criteria.modelId}
          disabled={!canEdit}
          classes={FIELD_CLASSES}
          options={[
            { value: "", label: t("eachModel") },
            ...models.map((model) => ({ value: model.modelId, label: detectionModelLabel(model) })),
          ]}
          onChange={(modelId) => report.send({ type: "model.choose", modelId })}
        />
        <PeriodField
          id={ids.from}
          label={t("from")}
          value={criteria.from}
          error={fromError}
          hint={hint}
          disabled={!canEdit}
          onChange={(value) => period("from", value)}
        />
        <PeriodField
          id={ids.to}
          label={t("to")}
          value={criteria.to}
          error={toError}
          hint={hint}
          disabled={!canEdit}
          onChange={(value) => period("to", value)}
        />
        <Box pt="5">
          <BusyButton type="submit" busy={loadingReport} unavailable={!canSubmit}>
            {t("show")}
          </BusyButton>
        </Box>
      </Flex>
      {otherErrors.length > 0 ? (
        <Box mt="3">
          <FormMessage tone="error">{otherErrors.map(shownErrorText).join("\n")}</FormMessage>
        </Box>
      ) : null}
    </form>
  );
}

function PeriodField(props: {
  id: string;
  label: string;
  value: string;
  hint: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { id, label, value, hint, error, disabled, onChange } = props;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="report-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="report-period"
      />
      <Text as="p" size="1" color="gray" id={`${id}-hint`} className="report-hint">
        {hint}
      </Text>
      {error ? (
        <Text as="p" size="1" color="red" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}

function ReportPanel() {
  const { t } = useTranslation("eventReport");
  const report = ReportActor.useActorRef();
  const { report: result, canExport, exporting, loadingReport } = useReportView();
  const lang = currentLang();
  return (
    <Flex direction="column" gap="5">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text as="p" color="gray">
          {result ? t("period", { from: periodLabel(result.from), to: periodLabel(result.to) }) : null}
        </Text>
        <BusyButton
          variant="soft"
          disabled={!canExport && !exporting}
          busy={exporting}
          onClick={() => report.send({ type: "csv.export" })}
        >
          {t("csvOutput")}
        </BusyButton>
      </Flex>
      {loadingReport ? <Loading /> : null}
      {result?.models.map((model) => (
        <section key={model.modelId} aria-labelledby={`report-${model.modelId}`}>
          <Heading as="h2" size="4" mb="3" id={`report-${model.modelId}`}>
            {detectionModelLabel(model)}
          </Heading>
          <ReportChart model={model} lang={lang} />
          <ReportTable model={model} from={result.from} to={result.to} lang={lang} />
        </section>
      ))}
    </Flex>
  );
}

function FigureCell({
  count,
  amount,
  change,
  lang,
}: {
  count: number;
  amount: number;
  change?: number;
  lang: Lang;
}) {
  const { t } = useTranslation("eventReport");
  return (
    <Table.Cell className="report-cell">
      <span className="report-count">{formatCount(count, lang)}</span>
      <span className="report-amount">
        <VisuallyHidden>{t("amount")} </VisuallyHidden>
        {formatCurrency(amount, lang)}
      </span>
      {change === undefined ? null : (
        <span className="report-change">
          <VisuallyHidden>{t("change")} </VisuallyHidden>
          {formatChange(change, lang)}
        </span>
      )}
    </Table.Cell>
  );
}

function RateCell({ figures, previous }: { figures: ReportFigures; previous?: ReportFigures }) {
  const { t } = useTranslation("eventReport");
  const change = previous ? formatRateChange(figures.captureRate, previous.captureRate) : null;
  return (
    <Table.Cell className="report-cell">
      {figures.captureRate === null ? (
        <>
          <span className="report-count" aria-hidden="true">
            -
          </span>
          <VisuallyHidden>{t("noRate")}</VisuallyHidden>
        </>
      ) : (
        <span className="report-count">{formatRate(figures.captureRate)}</span>
      )}
      {change === null ? null : (
        <span className="report-change">
          <VisuallyHidden>{t("change")} </VisuallyHidden>
          {change}
        </span>
      )}
    </Table.Cell>
  );
}

function ReportTable({
  model,
  from,
  to,
  lang,
}: {
  model: ModelReport;
  from: string;
  to: string;
  lang: Lang;
}) {
  const { t } = useTranslation("eventReport");
  const headers = REPORT_CSV_HEADERS[lang];
  return (
    <Table.Root ref={keyboardScrollable} variant="surface" size="1" className="report-table">
      <VisuallyHidden asChild>
        <caption>
          {t("tableCaption", {
            model: detectionModelLabel(model),
            from: periodLabel(from),
            to: periodLabel(to),
          })}
        </caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell scope="col">{headers.period}</Table.ColumnHeaderCell>
          {TALLY_COLUMNS.map((column) => (
            <Table.ColumnHeaderCell key={column} scope="col">
              {headers[column]}
            </Table.ColumnHeaderCell>
          ))}
          <Table.ColumnHeaderCell scope="col">{headers.captureRate}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {model.rows.map((row) => (
          <Table.Row key={row.period}>
            <Table.RowHeaderCell scope="row">{periodLabel(row.period)}</Table.RowHeaderCell>
            {TALLY_COLUMNS.map((column) => {
              const tally = tallyOf(row.figures, column);
              return (
                <FigureCell
                  key={column}
                  count={tally.count}
                  amount={tally.amount}
                  change={tally.count - tallyOf(row.previous, column).count}
                  lang={lang}
                />
              );
            })}
            <RateCell figures={row.figures} previous={row.previous} />
          </Table.Row>
        ))}
        <Table.Row className="report-totals">
          <Table.RowHeaderCell scope="row">{REPORT_TOTAL_LABEL[lang]}</Table.RowHeaderCell>
          {TALLY_COLUMNS.map((column) => {
            const tally = tallyOf(model.totals, column);
            return <FigureCell key={column} count={tally.count} amount={tally.amount} lang={lang} />;
          })}
          <RateCell figures={model.totals} />
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}
