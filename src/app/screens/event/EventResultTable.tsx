import { VisuallyHidden } from "@radix-ui/themes";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type CSSProperties, type KeyboardEvent, type MouseEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isRowSelected, type ListSelection } from "../../../../machines/event/eventSelection.ts";
import type { EventListRow } from "../../../contract/eventSearch.ts";
import { currentLang } from "../../i18n/i18n.ts";
import { appUrl, followsInPlace, navigateTo } from "../../navigation.ts";
import { useShortcuts } from "../../shortcuts/useShortcuts.ts";
import { ResultMark } from "../../ui/ResultMark.tsx";
import { columnHeader, EVENT_COLUMNS, eventIdHeader } from "./eventColumns.ts";
import { LIST_KEYS } from "./eventShortcuts.ts";
import { detailPath } from "./eventTransit.ts";
import { isOverdue } from "./manualDeadline.ts";
import { OverdueMark } from "./OverdueMark.tsx";

/** Every row is one line high, so the virtualiser knows the table's height without measuring it. */
export const ROW_HEIGHT = 36;
const VIEWPORT_ROWS = 16;
const SELECT_WIDTH = 56;
const EVENT_ID_WIDTH = 230;
const COLUMN_COUNT = EVENT_COLUMNS.length + 2;

/**
 * One page of results as a table whose body renders only the rows in view (@tanstack/react-virtual),
 * padded above and below so the scroll height is the whole page's. Each row has a checkbox and the
 * event ID as a link to its detail; ArrowUp and ArrowDown (and j, k: LIST_KEYS) move between rows.
 */
export function EventResultTable({
  rows,
  selection,
  initialOffset,
  initialFocus,
  onToggle,
  onOpenDetail,
}: {
  rows: readonly EventListRow[];
  selection: ListSelection;
  /** Where to scroll to once shown (back from a detail); 0 for the top. */
  initialOffset: number;
  /** The event whose link takes the focus once shown (back from its detail), if it is on the page. */
  initialFocus: string | null;
  onToggle: (eventId: string) => void;
  /** Called with the scroll offset and the event just before its detail opens (the way back keeps them). */
  onOpenDetail: (scrollOffset: number, eventId: string) => void;
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

  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  /** The row and cell (check box or link) that has the focus, if one has. */
  const focusedCell = (element: Element | null): { index: number; cell: string } | null => {
    if (!element || !scrollRef.current?.contains(element)) return null;
    const cell = element.closest<HTMLElement>("[data-cell]")?.dataset.cell;
    const index = Number(element.closest<HTMLElement>("tr[data-index]")?.dataset.index);
    return cell === undefined || Number.isNaN(index) ? null : { index, cell };
  };

  /** Focuses the same cell of row `to` (false when there is no such row). */
  const focusRow = (to: number, cell: string): boolean => {
    if (to < 0 || to >= rows.length) return false;
    virtualizer.scrollToIndex(to, { align: "auto" });
    const attempt = (tries: number) => {
      const next = scrollRef.current?.querySelector<HTMLElement>(
        `tr[data-index="${to}"] [data-cell="${cell}"]`,
      );
      if (next) next.focus();
      else if (tries < 5) requestAnimationFrame(() => attempt(tries + 1));
    };
    // The row is usually rendered already; otherwise it is once the virtualiser has scrolled to it.
    attempt(0);
    return true;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page is first shown
  useEffect(() => {
    if (initialOffset > 0) virtualizer.scrollToOffset(initialOffset);
    const index = initialFocus === null ? -1 : rows.findIndex((row) => row.eventId === initialFocus);
    if (index >= 0) focusRow(index, "link");
  }, []);

  const moveBetweenRows = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const at = focusedCell(event.target as Element);
    if (at && focusRow(at.index + (event.key === "ArrowDown" ? 1 : -1), at.cell)) event.preventDefault();
  };

  // j and k as the arrows (from outside the table, j enters it at the first event); x ticks the row.
  useShortcuts({
    [LIST_KEYS.nextRow]: () => {
      const at = focusedCell(document.activeElement);
      focusRow(at ? at.index + 1 : 0, at?.cell ?? "link");
    },
    [LIST_KEYS.previousRow]: () => {
      const at = focusedCell(document.activeElement);
      if (at) focusRow(at.index - 1, at.cell);
    },
    [LIST_KEYS.toggleRow]: () => {
      const at = focusedCell(document.activeElement);
      const row = at ? rows[at.index] : undefined;
      if (row) onToggle(row.eventId);
    },
  });

  const follow = (event: MouseEvent<HTMLAnchorElement>, eventId: string) => {
    onOpenDetail(virtualizer.scrollOffset ?? 0, eventId);
    if (!followsInPlace(event)) return;
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
                    {column.marksOverdue && isOverdue(row) ? <OverdueMark /> : null}
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
