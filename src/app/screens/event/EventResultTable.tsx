import { VisuallyHidden } from "@radix-ui/themes";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, type KeyboardEvent, type MouseEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isRowSelected, type ListSelection } from "../../../../machines/event/eventSelection.ts";
import type { EventListRow } from "../../../contract/eventSearch.ts";
import { currentLang } from "../../i18n/i18n.ts";
import { appUrl, navigateTo } from "../../navigation.ts";
import { ResultMark } from "../../ui/ResultMark.tsx";
import { columnHeader, EVENT_COLUMNS, eventIdHeader } from "./eventColumns.ts";
import { detailPath } from "./eventTransit.ts";

/** Every row is one line high, so the virtualiser knows the table's height without measuring it. */
export const ROW_HEIGHT = 36;
const VIEWPORT_ROWS = 16;
const SELECT_WIDTH = 56;
const EVENT_ID_WIDTH = 230;
const COLUMN_COUNT = EVENT_COLUMNS.length + 2;

/**
 * One page of results as a table whose body renders only the rows in view (@tanstack/react-virtual),
 * padded above and below so the scroll height is the whole page's. Each row has a checkbox and the
 * event ID as a link to its detail; ArrowUp and ArrowDown move between rows.
 */
export function EventResultTable({
  rows,
  selection,
  initialOffset,
  onToggle,
  onOpenDetail,
}: {
  rows: readonly EventListRow[];
  selection: ListSelection;
  /** Where to scroll to once shown (back from a detail); 0 for the top. */
  initialOffset: number;
  onToggle: (eventId: string) => void;
  /** Called with the scroll offset just before a detail opens (the way back keeps it). */
  onOpenDetail: (scrollOffset: number) => void;
}) {
  const { t } = useTranslation("eventList");
  const lang = currentLang();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialOffset,
  });

  useEffect(() => {
    if (initialOffset > 0) virtualizer.scrollToOffset(initialOffset);
  }, [initialOffset, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const moveBetweenRows = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>("[data-cell]")?.dataset.cell;
    const from = Number(target.closest<HTMLElement>("tr[data-index]")?.dataset.index);
    if (cell === undefined || Number.isNaN(from)) return;
    const to = from + (event.key === "ArrowDown" ? 1 : -1);
    if (to < 0 || to >= rows.length) return;
    event.preventDefault();
    virtualizer.scrollToIndex(to, { align: "auto" });
    const focusRow = (attempt: number) => {
      const next = scrollRef.current?.querySelector<HTMLElement>(
        `tr[data-index="${to}"] [data-cell="${cell}"]`,
      );
      if (next) next.focus();
      else if (attempt < 5) requestAnimationFrame(() => focusRow(attempt + 1));
    };
    // The row is usually rendered already; otherwise it is once the virtualiser has scrolled to it.
    focusRow(0);
  };

  const follow = (event: MouseEvent<HTMLAnchorElement>, eventId: string) => {
    onOpenDetail(virtualizer.scrollOffset ?? 0);
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateTo(detailPath(eventId));
  };

  return (
    <div
      ref={scrollRef}
      className="event-table-scroll"
      style={{ maxHeight: ROW_HEIGHT * (VIEWPORT_ROWS + 1) }}
      data-testid="event-table-scroll"
    >
      <table
        className="event-table"
        aria-rowcount={rows.length + 1}
        style={{ "--event-select-width": `${SELECT_WIDTH}px` } as CSSProperties}
      >
        <VisuallyHidden asChild>
          <caption>{t("tableCaption")}</caption>
        </VisuallyHidden>
        <colgroup>
          <col style={{ width: SELECT_WIDTH }} />
          <col style={{ width: EVENT_ID_WIDTH }} />
          {EVENT_COLUMNS.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="event-col-select">
              {t("select")}
            </th>
            <th scope="col" className="event-col-id">
              {eventIdHeader(lang)}
            </th>
            {EVENT_COLUMNS.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? "numeric" : undefined}>
                {columnHeader(column, lang)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={moveBetweenRows}>
          {padTop > 0 ? (
            <tr className="event-table-pad">
              <td colSpan={COLUMN_COUNT} style={{ height: padTop }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const selected = isRowSelected(selection, row.eventId);
            return (
              <tr
                key={row.eventId}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                style={{ height: ROW_HEIGHT }}
              >
                <td className="event-col-select">
                  <input
                    type="checkbox"
                    data-cell="check"
                    checked={selected}
                    aria-label={t("selectRow", { eventId: row.eventId })}
                    onChange={() => onToggle(row.eventId)}
                  />
                </td>
                <td className="event-col-id">
                  <a
                    data-cell="link"
                    href={appUrl(detailPath(row.eventId))}
                    onClick={(event) => follow(event, row.eventId)}
                  >
                    {row.eventId}
                  </a>
                </td>
                {EVENT_COLUMNS.map((column) => (
                  <td key={column.key} className={column.numeric ? "numeric" : undefined}>
                    {column.tone ? (
                      <ResultMark tone={column.tone(row)} label={column.text(row, lang)} />
                    ) : (
                      column.text(row, lang)
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
          {padBottom > 0 ? (
            <tr className="event-table-pad">
              <td colSpan={COLUMN_COUNT} style={{ height: padBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
