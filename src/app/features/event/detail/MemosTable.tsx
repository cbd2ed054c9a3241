import { useTranslation } from "react-i18next";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { type Column, DetailTable } from "./DetailTable.tsx";

type Memo = EventDetail["memos"][number];

/** The screening memos operators added to the event, newest first (titled: it follows the manual history). */
export function MemosTable({ memos }: { memos: EventDetail["memos"] }) {
  const { t } = useTranslation("eventDetail");
  const columns: Column<Memo>[] = [
    { key: "createdAt", header: t("columns.createdAt"), cell: (memo) => formatDateTime(memo.createdAt) },
    { key: "operatorName", header: t("columns.operatorName"), cell: (memo) => memo.operatorName ?? "" },
    {
      key: "memo",
      header: t("columns.memo"),
      cell: (memo) => <span className="event-detail-memo">{memo.memo}</span>,
    },
  ];
  return (
    <DetailTable
      caption={t("tables.memos")}
      columns={columns}
      rows={memos}
      rowKey={(memo, index) => `${memo.createdAt}-${index}`}
      titled
    />
  );
}
