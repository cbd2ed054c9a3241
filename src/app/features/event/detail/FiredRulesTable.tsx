import { Badge, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { EVENT_FIELD_LABELS } from "../../../../contract/eventFields.ts";
import { firedRuleDescription } from "../../../../contract/screening.ts";
import { currentLang } from "../../../i18n/i18n.ts";
import { type Column, DetailTable } from "./DetailTable.tsx";

type FiredRule = EventDetail["firedRules"][number];

/** The rules that fired, the rules of the deciding group marked; the Simulation release's beside them. */
export function FiredRulesTable({ detail }: { detail: EventDetail }) {
  const { t } = useTranslation("eventDetail");
  const lang = currentLang();
  const labels = EVENT_FIELD_LABELS[lang];
  const columns: Column<FiredRule>[] = [
    { key: "ruleCode", header: labels.ruleCode, cell: (rule) => rule.ruleCode },
    {
      key: "ruleDescription",
      header: labels.ruleDescription,
      cell: (rule) => firedRuleDescription(lang, rule.ruleCode, rule.ruleDescription),
    },
    { key: "ruleGroupName", header: labels.ruleGroupName, cell: (rule) => rule.ruleGroupName },
    {
      key: "isReasonRule",
      header: labels.isReasonRule,
      cell: (rule) =>
        rule.isReasonRule ? (
          <Badge color="red" variant="soft">
            {t("reasonRule")}
          </Badge>
        ) : (
          ""
        ),
    },
  ];
  const key = (rule: FiredRule, index: number) => `${rule.ruleCode}-${index}`;
  return (
    <Flex direction="column" gap="3">
      <DetailTable caption={t("tables.firedRules")} columns={columns} rows={detail.firedRules} rowKey={key} />
      {detail.simulation ? (
        <DetailTable
          caption={t("tables.simulation", { result: detail.simulation.aaresult })}
          columns={columns}
          rows={detail.simulation.firedRules}
          rowKey={key}
          titled
        />
      ) : null}
    </Flex>
  );
}
