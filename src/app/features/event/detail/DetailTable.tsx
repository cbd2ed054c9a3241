import { Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { keyboardScrollable } from "../../../ui/keyboardScrollable.ts";

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A table of the detail named by its caption (Table.Root puts its aria-label on a wrapper div, so the
 * caption is what names the table), or a short "no entries" line when there are no rows. The
 * section's heading names its first table; a further table in the same section (the Simulation
 * release's rules, the memos) is `titled`: its caption is shown above it as well, so two tables or
 * two "no entries" lines are never told apart by position alone.
 */
export function DetailTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  titled = false,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  titled?: boolean;
}) {
  const title = titled ? (
    <Heading as="h3" size="2" mb="1">
      {caption}
    </Heading>
  ) : null;
  return (
    <div>
      {title}
      <TableOrNone caption={caption} columns={columns} rows={rows} rowKey={rowKey} />
    </div>
  );
}

function TableOrNone<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
}) {
  const { t } = useTranslation("eventDetail");
  if (rows.length === 0)
    return (
      <Text as="p" color="gray">
        {t("noEntries")}
      </Text>
    );
  return (
    <Table.Root ref={keyboardScrollable} variant="surface" size="1">
      <VisuallyHidden asChild>
        <caption>{caption}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeaderCell key={column.key} scope="col">
              {column.header}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row, index) => (
          <Table.Row key={rowKey(row, index)}>
            {columns.map((column) => (
              <Table.Cell key={column.key}>{column.cell(row)}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
