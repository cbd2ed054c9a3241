import type { EventListRow, EventSearch, EventSelection } from "../../src/contract/eventSearch.ts";

/**
 * The event list's selection (issue 4): rows picked by hand (each with its screening model, so a
 * selection across models can be refused before it is made), or every result of a search as the
 * server counted it (those screened `until` the count), minus the rows unticked since.
 */
export type ListSelection =
  | { kind: "ids"; rows: readonly { eventId: string; modelId: string }[] }
  | {
      kind: "search";
      search: EventSearch;
      count: number;
      modelId: string;
      /** The newest match when the server counted them (ISO 8601, UTC, microseconds): later events are not selected. */
      until: string;
      excludedEventIds: readonly string[];
    };

type ListedRow = Pick<EventListRow, "eventId" | "createdAt">;

/**
 * A row screened after "Select all search results" counted the matches (shown once the list is
 * paged again): not part of that selection, so it can be neither ticked nor unticked in it. The
 * row's createdAt is ISO 8601 UTC cut to the millisecond, so it is compared with `until` cut alike.
 */
export const isAfterSelection = (selection: ListSelection, row: Pick<EventListRow, "createdAt">): boolean =>
  selection.kind === "search" && row.createdAt > `${selection.until.slice(0, 23)}Z`;

export const NO_SELECTION: ListSelection = { kind: "ids", rows: [] };

export function selectedCount(selection: ListSelection): number {
  return selection.kind === "ids"
    ? selection.rows.length
    : Math.max(0, selection.count - selection.excludedEventIds.length);
}

export function isRowSelected(selection: ListSelection, row: ListedRow): boolean {
  if (selection.kind === "ids") return selection.rows.some((picked) => picked.eventId === row.eventId);
  return !isAfterSelection(selection, row) && !selection.excludedEventIds.includes(row.eventId);
}

/** The screening models the selection spans (CSV output takes exactly one). */
export function selectedModels(selection: ListSelection): string[] {
  if (selection.kind === "search") return selectedCount(selection) > 0 ? [selection.modelId] : [];
  return [...new Set(selection.rows.map((row) => row.modelId))];
}

/** CSV output takes a selection that is not empty and of one screening model. */
export const isExportable = (selection: ListSelection): boolean =>
  selectedCount(selection) > 0 && selectedModels(selection).length === 1;

/** Whether adding these rows keeps the selection within one screening model. */
export function staysOneModel(selection: ListSelection, rows: readonly Pick<EventListRow, "modelId">[]) {
  return new Set([...selectedModels(selection), ...rows.map((row) => row.modelId)]).size <= 1;
}

/** The selection as the CSV output call takes it; null when nothing is selected. */
export function selectionForCall(selection: ListSelection): EventSelection | null {
  if (selectedCount(selection) === 0) return null;
  if (selection.kind === "ids") {
    const [first, ...rest] = selection.rows.map((row) => row.eventId);
    return first === undefined ? null : { kind: "ids", eventIds: [first, ...rest] };
  }
  return {
    kind: "search",
    search: selection.search,
    excludedEventIds: [...selection.excludedEventIds],
    until: selection.until,
  };
}

/** Ticks or unticks one row (a row screened after all search results were selected stays as it is). */
export function toggleRow(
  selection: ListSelection,
  row: Pick<EventListRow, "eventId" | "modelId" | "createdAt">,
): ListSelection {
  if (selection.kind === "search") {
    if (isAfterSelection(selection, row)) return selection;
    const excluded = selection.excludedEventIds.includes(row.eventId)
      ? selection.excludedEventIds.filter((id) => id !== row.eventId)
      : [...selection.excludedEventIds, row.eventId];
    return { ...selection, excludedEventIds: excluded };
  }
  const rows = isRowSelected(selection, row)
    ? selection.rows.filter((picked) => picked.eventId !== row.eventId)
    : [...selection.rows, { eventId: row.eventId, modelId: row.modelId }];
  return { kind: "ids", rows };
}

/** The page's rows not yet ticked (one pass over the selection: it may hold 20,000 rows). */
export function untickedRows<R extends Pick<EventListRow, "eventId">>(
  selection: ListSelection,
  rows: readonly R[],
): R[] {
  if (selection.kind === "search") {
    const excluded = new Set(selection.excludedEventIds);
    return rows.filter((row) => excluded.has(row.eventId));
  }
  const picked = new Set(selection.rows.map((row) => row.eventId));
  return rows.filter((row) => !picked.has(row.eventId));
}

/** Ticks every row of the page (those already ticked stay so). */
export function selectRows(
  selection: ListSelection,
  rows: readonly Pick<EventListRow, "eventId" | "modelId">[],
): ListSelection {
  if (selection.kind === "search") {
    const onPage = new Set(rows.map((row) => row.eventId));
    return { ...selection, excludedEventIds: selection.excludedEventIds.filter((id) => !onPage.has(id)) };
  }
  const added = untickedRows(selection, rows).map((row) => ({ eventId: row.eventId, modelId: row.modelId }));
  return { kind: "ids", rows: [...selection.rows, ...added] };
}
