import { Checkbox, Table, VisuallyHidden } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { ListRow } from "../../../../machines/lists/listSearchMachine.ts";
import { keyboardScrollable } from "../../ui/keyboardScrollable.ts";

export interface ListColumn {
  name: string;
  label: string;
  /** The cell's content; the stored text when absent. */
  render?: (row: ListRow) => ReactNode;
}

/**
 * A list's table (its caption names it): an optional first column of checkboxes, each labelled with
 * the row it selects, and a "select all" one in the header.
 */
export function ListTable({
  caption,
  columns,
  rows,
  selection,
}: {
  caption: string;
  columns: readonly ListColumn[];
  rows: readonly ListRow[];
  selection?: {
    selected: readonly string[];
    allSelected: boolean;
    allLabel: string;
    rowLabel: (row: ListRow) => string;
    toggle: (key: string) => void;
    toggleAll: () => void;
  };
}) {
  return (
    <Table.Root ref={keyboardScrollable} variant="surface" size="1">
      <VisuallyHidden asChild>
        <caption>{caption}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {selection ? (
            <Table.ColumnHeaderCell scope="col">
              <Checkbox
                aria-label={selection.allLabel}
                checked={selection.allSelected}
                onCheckedChange={selection.toggleAll}
              />
            </Table.ColumnHeaderCell>
          ) : null}
          {columns.map((column) => (
            <Table.ColumnHeaderCell key={column.name} scope="col">
              {column.label}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.key}>
            {selection ? (
              <Table.Cell>
                <Checkbox
                  aria-label={selection.rowLabel(row)}
                  checked={selection.selected.includes(row.key)}
                  onCheckedChange={() => selection.toggle(row.key)}
                />
              </Table.Cell>
            ) : null}
            {columns.map((column) => (
              <Table.Cell key={column.name}>
                {column.render ? column.render(row) : (row.cells[column.name] ?? "")}
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
