import { Box, Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { type ChangeEvent, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import {
  detectionModelLabel,
  RELEASED_RULE_COLUMNS,
  type ReleasedRuleColumn,
} from "../../../contract/releasedRules.ts";
import { formatDateTime } from "../../i18n/format.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { keyboardScrollable } from "../../ui/keyboardScrollable.ts";
import { Loading } from "../../ui/Loading.tsx";
import { ResultMark } from "../../ui/ResultMark.tsx";
import { resultTone } from "../../ui/resultTone.ts";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { ReleasedRuleListActor, ReleasedRuleListProvider } from "./ReleasedRuleListActor.tsx";
import { useReleasedRuleListView } from "./useReleasedRuleListView.ts";

/**
 * Released rule list (spec section 2): a detection model chooser, the rules of the model's release in
 * force (group, priority, judgement, unit, operator, threshold, description, code), CSV output, and
 * the note that these are the latest rules. Reading is enough to view and export.
 */
export function ReleasedRuleListScreen() {
  const { t } = useTranslation("rules");
  usePageTitle(t("heading"));
  return (
    <ReleasedRuleListProvider>
      <RuleList />
    </ReleasedRuleListProvider>
  );
}

const selectStyle = {
  minWidth: "16rem",
  height: "var(--space-6)",
  padding: "0 var(--space-2)",
  border: "1px solid var(--gray-a7)",
  borderRadius: "var(--radius-2)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  font: "inherit",
} as const;

function RuleList() {
  const { t } = useTranslation("rules");
  const list = ReleasedRuleListActor.useActorRef();
  const { busy, starting } = useReleasedRuleListView();

  useEffect(() => list.send({ type: "list.load" }), [list]);

  return (
    <Card size="4" aria-busy={busy}>
      <Heading as="h1" size="6" mb="2">
        {t("heading")}
      </Heading>
      <Text as="p" mb="4" color="gray">
        {t("note")}
      </Text>
      {starting ? <Loading /> : <RuleListBody />}
    </Card>
  );
}

function RuleListBody() {
  const { t } = useTranslation("rules");
  const list = ReleasedRuleListActor.useActorRef();
  const selectId = useId();
  const { models, modelId, errors, noModels, noRules, failed, loadingRules, canExport, exporting } =
    useReleasedRuleListView();

  if (noModels) return <FormMessage tone="info">{t("noModels")}</FormMessage>;
  if (failed)
    return (
      <Flex direction="column" gap="3" align="start">
        <FormMessage tone="error">{t("loadFailed")}</FormMessage>
        <Button type="button" onClick={() => list.send({ type: "list.load" })}>
          {t("reload")}
        </Button>
      </Flex>
    );

  const choose = (event: ChangeEvent<HTMLSelectElement>) =>
    list.send({ type: "model.choose", modelId: event.target.value });

  return (
    <Flex direction="column" gap="4">
      <Flex gap="4" align="end" justify="between" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={selectId} size="2" weight="medium">
            {t("model")}
          </Text>
          <select id={selectId} value={modelId ?? ""} onChange={choose} style={selectStyle}>
            {models.map((model) => (
              <option key={model.modelId} value={model.modelId}>
                {detectionModelLabel(model)}
              </option>
            ))}
          </select>
        </Flex>
        {/* Focusable while the file is made (BusyButton), so the focus stays on it; disabled only
            when there are no rules to write. */}
        <BusyButton
          variant="soft"
          disabled={!canExport && !exporting}
          busy={exporting}
          onClick={() => list.send({ type: "csv.export" })}
        >
          {t("csvOutput")}
        </BusyButton>
      </Flex>
      {loadingRules ? <Loading /> : null}
      {noRules ? <FormMessage tone="info">{errors.map(shownErrorText).join("\n")}</FormMessage> : null}
      <RuleTable />
    </Flex>
  );
}

/** Short values kept on one line, so the long condition and description columns take the width. */
const ONE_LINE: ReadonlySet<ReleasedRuleColumn> = new Set([
  "groupName",
  "priority",
  "judgement",
  "unitNo",
  "unitOperator",
  "ruleCode",
]);
const oneLine = (column: ReleasedRuleColumn) => (ONE_LINE.has(column) ? { whiteSpace: "nowrap" } : undefined);

function RuleTable() {
  const { t } = useTranslation("rules");
  const { rules } = useReleasedRuleListView();
  if (!rules) return null;
  return (
    <Box>
      <Text as="p" size="2" color="gray" mb="2">
        {t("startsAt", { startsAt: formatDateTime(rules.startsAt) })}
      </Text>
      <Table.Root ref={keyboardScrollable} variant="surface" size="1">
        {/* Table.Root wraps the <table> in a div, so the table's name is its caption, not an aria-label. */}
        <VisuallyHidden asChild>
          <caption>{t("tableCaption")}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            {RELEASED_RULE_COLUMNS.map((column) => (
              <Table.ColumnHeaderCell key={column} scope="col" style={oneLine(column)}>
                {t(`columns.${column}`)}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rules.rules.map((rule, index) => (
            // A rule code may repeat across groups; the position in the sorted list is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are re-rendered only with a new list
            <Table.Row key={`${rule.ruleCode}-${index}`}>
              {RELEASED_RULE_COLUMNS.map((column) => (
                <Table.Cell key={column} style={oneLine(column)}>
                  {column === "judgement" ? (
                    <ResultMark tone={resultTone("aaresult", rule.judgement)} label={rule.judgement} />
                  ) : (
                    String(rule[column])
                  )}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
