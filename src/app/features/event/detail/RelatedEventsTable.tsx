import { useTranslation } from "react-i18next";
import { codeLabel } from "../../../../contract/eventCodeLabels.ts";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { formatCurrency, formatDateTime } from "../../../i18n/format.ts";
import { currentLang } from "../../../i18n/i18n.ts";
import { AppLink } from "../../../ui/AppLink.tsx";
import { ResultMark } from "../../../ui/ResultMark.tsx";
import { resultTone } from "../../../ui/resultTone.ts";
import { detailPath } from "../eventTransit.ts";
import { type Column, DetailTable } from "./DetailTable.tsx";

type Related = EventDetail["relatedEvents"][number];

/** Events that share a key with this one; each opens its own detail within the same list context. */
export function RelatedEventsTable({ related }: { related: EventDetail["relatedEvents"] }) {
  const { t } = useTranslation("eventDetail");
  const lang = currentLang();
  const columns: Column<Related>[] = [
    {
      key: "relatedEventId",
      header: t("columns.relatedEventId"),
      cell: (row) => <AppLink to={detailPath(row.relatedEventId)}>{row.relatedEventId}</AppLink>,
    },
    {
      key: "sharedKeys",
      header: t("columns.sharedKeys"),
      cell: (row) => row.sharedKeys.map((key) => codeLabel(lang, "sharedKey", key)).join(", "),
    },
    { key: "createdAt", header: t("columns.createdAt"), cell: (row) => formatDateTime(row.createdAt) },
    {
      key: "aaresult",
      header: t("columns.aaresult"),
      cell: (row) => (
        <ResultMark
          tone={resultTone("aaresult", row.aaresult)}
          label={codeLabel(lang, "aaresult", row.aaresult)}
        />
      ),
    },
    {
      key: "maresult",
      header: t("columns.maresult"),
      cell: (row) => (
        <ResultMark
          tone={resultTone("maresult", row.maresult)}
          label={codeLabel(lang, "maresult", row.maresult)}
        />
      ),
    },
    { key: "amount", header: t("columns.amount"), cell: (row) => formatCurrency(row.amount, lang) },
    {
      key: "maAdditionAmountFlg",
      header: t("columns.maAdditionAmountFlg"),
      cell: (row) => (row.maAdditionAmountFlg ? t("yes") : t("no")),
    },
  ];
  return (
    <DetailTable
      caption={t("tables.relatedEvents")}
      columns={columns}
      rows={related}
      rowKey={(row) => row.relatedEventId}
    />
  );
}
