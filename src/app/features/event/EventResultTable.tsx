import { VisuallyHidden } from "@radix-ui/themes";
import { defaultRangeExtractor, type Range, useVirtualizer } from "@tanstack/react-virtual";
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useRef,
} from "react";
import { useTranslation } from "react-i18next";
import {
  isAfterSelection,
  isRowSelected,
  type ListSelection,
} from "../../../../machines/event/eventSelection.ts";
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
import { observeScrollRect, scrollUnlessNew } from "./scrollBoxOutsideCommit.ts";

/** Every row is one line high, so the virtualiser knows the table's height without measuring it. */
export const ROW_HEIGHT = 36;
const VIEWPORT_ROWS = 16;
const SELECT_WIDTH = 56;
const EVENT_ID_WIDTH = 230;
const COLUMN_COUNT = EVENT_COLUMNS.length + 2;

/**
 * One page of results as a table whose body renders only the rows in view (@tanstack/react-virtual),
 * and the row that has the focus wherever it is (scrolled away by PageDown or the wheel, it would
 * otherwise unmount and drop the focus to the page's body), padded so the scroll height is the whole
 * page's. Each row has a checkbox and the event ID as a link to its detail; ArrowUp and ArrowDown
 * (and j, k: LIST_KEYS) move between rows.
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
  /**
   * The row whose link takes the focus once shown (back from a detail): the event's if it is on the
   * page, else the row at `index` (the last one if the page is shorter now).
   */
  initialFocus: { eventId: string; index: number } | null;
  onToggle: (eventId: string) => void;
  /** Called with the scroll offset and the row just before its detail opens (the way back keeps them). */
  onOpenDetail: (scrollOffset: number, opened: { eventId: string; index: number }) => void;
}) {
  const { t } = useTranslation("eventList");
  const lang = currentLang();
  const scrollRef = useRef<HTMLDivElement>(null);
  /** The row that has the focus (its check box or link); null when the focus is outside the table. */
  const focusedIndex = useRef<number | null>(null);
  const withFocusedRow = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedIndex.current;
    if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialOffset,
    rangeExtractor: withFocusedRow,
    // At most the header and VIEWPORT_ROWS rows show, until the box's size is observed.
    initialRect: { width: 0, height: ROW_HEIGHT * (VIEWPORT_ROWS + 1) },
    observeElementRect: observeScrollRect,
    scrollToFn: scrollUnlessNew,
  });

  const items = virtualizer.getVirtualItems();
  /** The rows to render, with the gaps before, between (the focused row apart) and after them. */
  const slots: ({ pad: number; key: string } | { index: number })[] = [];
  let renderedTo = 0;
  for (const item of items) {
    if (item.start > renderedTo) slots.push({ pad: item.start - renderedTo, key: `pad-${item.index}` });
    slots.push({ index: item.index });
    renderedTo = item.end;
  }
  const padBottom = virtualizer.getTotalSize() - renderedTo;
  if (padBottom > 0) slots.push({ pad: padBottom, key: "pad-end" });

  const trackFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const index = Number((event.target as Element).closest<HTMLElement>("tr[data-index]")?.dataset.index);
    focusedIndex.current = Number.isNaN(index) ? null : index;
  };
  // Forgotten only when the focus moves on in the page: a dialog opened from the row (an action, the
  // shortcut help) gives it back there on close, so the row stays rendered meanwhile, whatever
  // re-renders the table (the dialog's scroll lock resizes it).
  const forgetFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const next = event.relatedTarget as Element | null;
    if (next === null || event.currentTarget.contains(next) || next.closest('[role="dialog"]')) return;
    focusedIndex.current = null;
  };

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
    if (initialFocus === null || rows.length === 0) return;
    const index = rows.findIndex((row) => row.eventId === initialFocus.eventId);
    focusRow(index >= 0 ? index : Math.min(initialFocus.index, rows.length - 1), "link");
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

  const follow = (event: MouseEvent<HTMLAnchorElement>, eventId: string, index: number) => {
    onOpenDetail(virtualizer.scrollOffset ?? 0, { eventId, index });
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
        <tbody onKeyDown={moveBetweenRows} onFocus={trackFocus} onBlur={forgetFocus}>
          {slots.map((slot) => {
            if ("pad" in slot)
              return (
                <tr key={slot.key} className="event-table-pad">
                  <td colSpan={COLUMN_COUNT} style={{ height: slot.pad }} />
                </tr>
              );
            const row = rows[slot.index];
            if (!row) return null;
            const selected = isRowSelected(selection, row);
            return (
              <tr
                key={row.eventId}
                data-index={slot.index}
                aria-rowindex={slot.index + 2}
                style={{ height: ROW_HEIGHT }}
              >
                <td className="event-col-select">
                  <input
                    type="checkbox"
                    data-cell="check"
                    checked={selected}
                    // Screened after all search results were selected: not part of that selection.
                    disabled={isAfterSelection(selection, row)}
                    aria-label={t("selectRow", { eventId: row.eventId })}
                    onChange={() => onToggle(row.eventId)}
                  />
                </td>
                <td className="event-col-id">
                  <a
                    data-cell="link"
                    href={appUrl(detailPath(row.eventId))}
                    onClick={(event) => follow(event, row.eventId, slot.index)}
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
        </tbody>
      </table>
    </div>
  );
}
