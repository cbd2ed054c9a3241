import { useTranslation } from "react-i18next";
import { codeLabel } from "../../../../contract/eventCodeLabels.ts";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { currentLang } from "../../../i18n/i18n.ts";
import { ResultMark } from "../../../ui/ResultMark.tsx";
import { resultTone } from "../../../ui/resultTone.ts";
import { type Column, DetailTable } from "./DetailTable.tsx";

type Entry = EventDetail["manualHistory"][number];

/** Every manual screening result given to the event, newest first, with reason and operator. */
export function ManualHistoryTable({ history }: { history: EventDetail["manualHistory"] }) {
  const { t } = useTranslation("eventDetail");
  const lang = currentLang();
  const columns: Column<Entry>[] = [
    { key: "updatedAt", header: t("columns.updatedAt"), cell: (entry) => formatDateTime(entry.updatedAt) },
    {
      key: "result",
      header: t("columns.result"),
      cell: (entry) => (
        <ResultMark
          tone={resultTone("maresult", entry.result)}
          label={codeLabel(lang, "maresult", entry.result)}
        />
      ),
    },
    { key: "reason", header: t("columns.reason"), cell: (entry) => entry.reason ?? "" },
    { key: "operatorName", header: t("columns.operatorName"), cell: (entry) => entry.operatorName ?? "" },
    // A memo is typed in several lines (a textarea): shown as typed, as the screening memos are.
    {
      key: "memo",
      header: t("columns.memo"),
      cell: (entry) => <span className="event-detail-memo">{entry.memo ?? ""}</span>,
    },
    { key: "labelNames", header: t("columns.labelNames"), cell: (entry) => entry.labelNames.join(", ") },
  ];
  return (
    <DetailTable
      caption={t("tables.manualHistory")}
      columns={columns}
      rows={history}
      rowKey={(entry, index) => `${entry.updatedAt}-${index}`}
    />
  );
}
