import { Box, Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { NO_FILTER } from "../../../../../machines/admin/auditLogMachine.ts";
import {
  AUDIT_ACTIONS,
  AUDIT_CSV_COLUMNS,
  AUDIT_CSV_ENCODINGS,
  type AuditAction,
  type AuditCsvEncoding,
  type AuditEntry,
  type AuditLogFilter,
} from "../../../../contract/auditLog.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { keepFocusInGroup } from "../../../ui/keepFocusInGroup.ts";
import { keyboardScrollable } from "../../../ui/keyboardScrollable.ts";
import { Loading } from "../../../ui/Loading.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { AuditLogActor, AuditLogProvider } from "./AuditLogActor.tsx";
import { summaryText } from "./summaryText.ts";
import { useAuditLogView } from "./useAuditLogView.ts";

/**
 * Audit log (beyond the spec, issue 41): who did what, from where, newest first. A filter by date
 * range (Japan dates), operator and action; keyset pages; CSV output of the filter in UTF-8 or CP932.
 */
export function AuditLogScreen() {
  const { t } = useTranslation("auditLog");
  usePageTitle(t("heading"));
  return (
    <AuditLogProvider>
      <AuditLog />
    </AuditLogProvider>
  );
}

const controlStyle = {
  minWidth: "12rem",
  height: "var(--space-6)",
  padding: "0 var(--space-2)",
  border: "1px solid var(--gray-a7)",
  borderRadius: "var(--radius-2)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  font: "inherit",
} as const;

function AuditLog() {
  const { t } = useTranslation("auditLog");
  const log = AuditLogActor.useActorRef();
  const { busy, starting } = useAuditLogView();
  useEffect(() => log.send({ type: "list.load" }), [log]);
  return (
    <Card size="4" aria-busy={busy}>
      <Heading as="h1" size="6" mb="2">
        {t("heading")}
      </Heading>
      <Text as="p" mb="4" color="gray">
        {t("note")}
      </Text>
      {starting ? (
        <Loading />
      ) : (
        <Flex direction="column" gap="4">
          <FilterForm />
          <CsvOutput />
          <Results />
        </Flex>
      )}
    </Card>
  );
}

/** The error of one field of the refused filter (telegram.from, ...), if any. */
const fieldError = (errors: readonly { field?: string; message: string }[], field: string) =>
  errors.find((error) => error.field === `telegram.${field}`)?.message;

function FilterForm() {
  const { t } = useTranslation("auditLog");
  const log = AuditLogActor.useActorRef();
  const { filter, operators, errors } = useAuditLogView();
  const [draft, setDraft] = useState<AuditLogFilter>(filter);
  const id = useId();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    log.send({ type: "filter.apply", filter: draft });
  };
  const clear = () => {
    setDraft(NO_FILTER);
    log.send({ type: "filter.apply", filter: NO_FILTER });
  };
  const dateField = (name: "from" | "to") => {
    const error = fieldError(errors, name);
    return (
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={`${id}-${name}`} size="2" weight="medium">
          {t(`filter.${name}`)}
        </Text>
        <input
          id={`${id}-${name}`}
          type="date"
          value={draft[name]}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          style={controlStyle}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
        />
        {error ? (
          <Text as="p" size="1" color="red" id={`${id}-${name}-error`}>
            {error}
          </Text>
        ) : null}
      </Flex>
    );
  };
  const otherErrors = errors.filter((error) => !["telegram.from", "telegram.to"].includes(error.field ?? ""));
  return (
    <form onSubmit={apply} noValidate>
      <Flex gap="4" align="end" wrap="wrap">
        {dateField("from")}
        {dateField("to")}
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={`${id}-operator`} size="2" weight="medium">
            {t("filter.operator")}
          </Text>
          <select
            id={`${id}-operator`}
            value={draft.operatorId === null ? "" : String(draft.operatorId)}
            onChange={(event) =>
              setDraft({ ...draft, operatorId: event.target.value ? Number(event.target.value) : null })
            }
            style={controlStyle}
          >
            <option value="">{t("filter.allOperators")}</option>
            {operators.map((operator) => (
              <option key={operator.operatorId} value={String(operator.operatorId)}>
                {operator.email}
              </option>
            ))}
          </select>
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={`${id}-action`} size="2" weight="medium">
            {t("filter.action")}
          </Text>
          <select
            id={`${id}-action`}
            value={draft.action ?? ""}
            onChange={(event) =>
              setDraft({ ...draft, action: event.target.value ? (event.target.value as AuditAction) : null })
            }
            style={controlStyle}
          >
            <option value="">{t("filter.allActions")}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`actions.${action}`)}
              </option>
            ))}
          </select>
        </Flex>
        <Flex gap="2">
          <Button type="submit">{t("filter.search")}</Button>
          <Button type="button" variant="soft" onClick={clear}>
            {t("filter.clear")}
          </Button>
        </Flex>
      </Flex>
      {otherErrors.length > 0 ? (
        <Box mt="3">
          <FormMessage tone="error">{otherErrors.map(shownErrorText).join("\n")}</FormMessage>
        </Box>
      ) : null}
    </form>
  );
}

function CsvOutput() {
  const { t } = useTranslation("auditLog");
  const log = AuditLogActor.useActorRef();
  const { canExport, exporting } = useAuditLogView();
  const [encoding, setEncoding] = useState<AuditCsvEncoding>("utf8");
  const id = useId();
  return (
    <Flex gap="3" align="end" wrap="wrap">
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {t("csv.encoding")}
        </Text>
        <select
          id={id}
          value={encoding}
          onChange={(event) => setEncoding(event.target.value as AuditCsvEncoding)}
          style={controlStyle}
        >
          {AUDIT_CSV_ENCODINGS.map((value) => (
            <option key={value} value={value}>
              {t(`csv.${value}`)}
            </option>
          ))}
        </select>
      </Flex>
      {/* Focusable while the file is made (BusyButton), so the focus stays on it. */}
      <BusyButton
        variant="soft"
        busy={exporting}
        unavailable={!canExport && !exporting}
        onClick={() => log.send({ type: "csv.export", encoding })}
      >
        {t("csv.output")}
      </BusyButton>
    </Flex>
  );
}

function Results() {
  const { t } = useTranslation("auditLog");
  const log = AuditLogActor.useActorRef();
  const { entries, failed, loading, errors } = useAuditLogView();
  if (failed && !errors.some((error) => error.field))
    return (
      <Flex direction="column" gap="3" align="start">
        <FormMessage tone="error">{t("loadFailed")}</FormMessage>
        <Button type="button" onClick={() => log.send({ type: "list.load" })}>
          {t("reload")}
        </Button>
      </Flex>
    );
  if (loading && !entries) return <Loading />;
  if (!entries) return null;
  return (
    <Box>
      {entries.length === 0 ? (
        <FormMessage tone="info">{t("empty")}</FormMessage>
      ) : (
        <EntryTable entries={entries} />
      )}
      <Box mt="3">
        <PagingNav />
      </Box>
    </Box>
  );
}

const NOWRAP = new Set(["at", "actor", "sourceIp", "action"]);

function EntryTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation("auditLog");
  return (
    <Table.Root ref={keyboardScrollable} variant="surface" size="1">
      {/* Table.Root wraps the <table> in a div, so the table's name is its caption. */}
      <VisuallyHidden asChild>
        <caption>{t("tableCaption")}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {AUDIT_CSV_COLUMNS.map((column) => (
            <Table.ColumnHeaderCell
              key={column}
              scope="col"
              style={NOWRAP.has(column) ? { whiteSpace: "nowrap" } : undefined}
            >
              {t(`columns.${column}`)}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((entry) => (
          <Table.Row key={entry.id}>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.at)}</Table.Cell>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>{entry.actor}</Table.Cell>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>{entry.sourceIp}</Table.Cell>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>{t(`actions.${entry.action}`)}</Table.Cell>
            <Table.Cell style={{ wordBreak: "break-all" }}>{entry.target}</Table.Cell>
            <Table.Cell style={{ wordBreak: "break-all" }}>{summaryText(entry.summary)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Previous and next page over the keyset cursors, with the page number. */
function PagingNav() {
  const { t } = useTranslation("auditLog");
  const log = AuditLogActor.useActorRef();
  const { pageNumber, canPrevious, canNext } = useAuditLogView();
  if (pageNumber === 1 && !canNext) return null;
  return (
    <nav aria-label={t("pages")} ref={keepFocusInGroup}>
      <Flex gap="3" align="center">
        <Button
          type="button"
          variant="soft"
          disabled={!canPrevious}
          onClick={() => log.send({ type: "page.previous" })}
        >
          {t("previousPage")}
        </Button>
        <Text size="2">{t("pageNumber", { page: pageNumber })}</Text>
        <Button
          type="button"
          variant="soft"
          disabled={!canNext}
          onClick={() => log.send({ type: "page.next" })}
        >
          {t("nextPage")}
        </Button>
      </Flex>
    </nav>
  );
}
