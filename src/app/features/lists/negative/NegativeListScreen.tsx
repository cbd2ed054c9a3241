import { Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { useSelector } from "@xstate/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorItem } from "../../../../contract/envelope.ts";
import { CSV_ENCODINGS, type CsvEncoding } from "../../../../contract/eventExport.ts";
import { EVENT_PAGE_SIZES } from "../../../../contract/eventSearch.ts";
import {
  EMPTY_NEGATIVE_SEARCH,
  NEGATIVE_ITEM_TYPES,
  type NegativeRow,
  type NegativeSearch,
} from "../../../../contract/negativeList.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { navigateTo } from "../../../navigation.ts";
import { useScreenActions } from "../../../session/useScreenActions.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { keyboardScrollable } from "../../../ui/keyboardScrollable.ts";
import { Loading } from "../../../ui/Loading.tsx";
import { negativeActions } from "../listActions.ts";
import { NegativeListActor, NegativeListProvider, useNegativeListView } from "./NegativeListActor.tsx";
import { controlStyle, fieldStyle } from "./negativeFormStyles.ts";
import { recalledNegativeSearch } from "./negativeSearchMemory.ts";

/**
 * Negative list (spec 2, /NegativeList): the search (item type, values, update dates, expiring within
 * 7 days), the entries with Details, selection and delete, CSV output, and the ways to register.
 */
export function NegativeListScreen() {
  const { t } = useTranslation("negative");
  usePageTitle(t("listHeading"));
  return (
    <NegativeListProvider>
      <NegativeList />
    </NegativeListProvider>
  );
}

const fieldError = (errors: readonly ErrorItem[], field: string): string | undefined =>
  errors
    .filter((error) => error.field === `telegram.search.${field}`)
    .map((error) => error.message)
    .join(" ") || undefined;

function NegativeList() {
  const { t } = useTranslation("negative");
  const list = NegativeListActor.useActorRef();
  const [form, setForm] = useState<Required<NegativeSearch>>(() => ({
    ...EMPTY_NEGATIVE_SEARCH,
    ...(recalledNegativeSearch() ?? {}),
  }));
  const { errors, busy } = useNegativeListView();
  const may = useScreenActions(negativeActions);
  const ids = { item: useId(), values: useId(), from: useId(), to: useId(), soon: useId() };

  useEffect(() => {
    const recalled = recalledNegativeSearch();
    if (recalled) list.send({ type: "search.submit", search: recalled });
  }, [list]);

  const set = <K extends keyof NegativeSearch>(key: K, value: Required<NegativeSearch>[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.send({ type: "search.submit", search: form });
  };
  const error = (field: string) => fieldError(errors, field);

  return (
    <Card size="4" aria-busy={busy}>
      <Flex justify="between" align="start" wrap="wrap" gap="3" mb="4">
        <Heading as="h1" size="6">
          {t("listHeading")}
        </Heading>
        <Flex gap="2" wrap="wrap">
          {may.history ? (
            <Button variant="soft" onClick={() => navigateTo("/NegativeHistory")}>
              {t("history")}
            </Button>
          ) : null}
          {may.add ? (
            <Button variant="soft" onClick={() => navigateTo("/NegativeAdd")}>
              {t("addLink")}
            </Button>
          ) : null}
          {may.csvRegister ? (
            <Button variant="soft" onClick={() => navigateTo("/CsvNegative")}>
              {t("csvLink")}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <form onSubmit={submit} aria-label={t("searchHeading")} noValidate>
        <Flex gap="4" wrap="wrap" align="end" mb="4">
          <div style={fieldStyle}>
            <Text as="label" htmlFor={ids.item} size="2" weight="medium">
              {t("item")}
            </Text>
            <select
              id={ids.item}
              style={controlStyle}
              value={form.item}
              onChange={(event) => set("item", event.target.value as Required<NegativeSearch>["item"])}
              aria-invalid={error("item") ? true : undefined}
              aria-describedby={error("item") ? `${ids.item}-error` : undefined}
            >
              <option value="">{t("itemAny")}</option>
              {NEGATIVE_ITEM_TYPES.map((item) => (
                <option key={item} value={item}>
                  {t(`items.${item}`)}
                </option>
              ))}
            </select>
            <FieldError id={`${ids.item}-error`} text={error("item")} />
          </div>
          <div style={{ ...fieldStyle, flex: "1 1 16rem" }}>
            <Text as="label" htmlFor={ids.values} size="2" weight="medium">
              {t("values")}
            </Text>
            <input
              id={ids.values}
              style={{ ...controlStyle, width: "100%" }}
              value={form.values}
              onChange={(event) => set("values", event.target.value)}
              aria-invalid={error("values") ? true : undefined}
              aria-describedby={error("values") ? `${ids.values}-error` : undefined}
            />
            <FieldError id={`${ids.values}-error`} text={error("values")} />
          </div>
          <div style={fieldStyle}>
            <Text as="label" htmlFor={ids.from} size="2" weight="medium">
              {t("updatedFrom")}
            </Text>
            <input
              id={ids.from}
              type="date"
              style={controlStyle}
              value={form.updatedFrom}
              onChange={(event) => set("updatedFrom", event.target.value)}
            />
            <FieldError id={`${ids.from}-error`} text={error("updatedFrom")} />
          </div>
          <div style={fieldStyle}>
            <Text as="label" htmlFor={ids.to} size="2" weight="medium">
              {t("updatedTo")}
            </Text>
            <input
              id={ids.to}
              type="date"
              style={controlStyle}
              value={form.updatedTo}
              onChange={(event) => set("updatedTo", event.target.value)}
            />
            <FieldError id={`${ids.to}-error`} text={error("updatedTo")} />
          </div>
          <Flex gap="2" align="center" style={{ height: "var(--space-6)" }}>
            <input
              id={ids.soon}
              type="checkbox"
              checked={form.expiringSoon}
              onChange={(event) => set("expiringSoon", event.target.checked)}
            />
            <Text as="label" htmlFor={ids.soon} size="2">
              {t("expiringSoon")}
            </Text>
          </Flex>
          <Button type="submit">{t("search")}</Button>
        </Flex>
      </form>
      <Results />
    </Card>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <Text as="p" size="1" color="red" id={id}>
      {text}
    </Text>
  ) : null;
}

function Results() {
  const { t } = useTranslation("negative");
  const { t: message } = useTranslation("messages");
  const view = useNegativeListView();
  if (view.loading && !view.page) return <Loading />;
  if (view.empty) return <FormMessage tone="info">{message("no.676")}</FormMessage>;
  if (view.failed && !view.errors.some((error) => error.field))
    return <FormMessage tone="error">{t("loadFailed")}</FormMessage>;
  if (!view.page) return null;
  return (
    <Flex direction="column" gap="3">
      <ResultBar />
      <EntryTable rows={view.page.entries} />
      <PagingBar />
    </Flex>
  );
}

function ResultBar() {
  const { t } = useTranslation("negative");
  const list = NegativeListActor.useActorRef();
  const view = useNegativeListView();
  const may = useScreenActions(negativeActions);
  const [encoding, setEncoding] = useState<CsvEncoding>("utf8");
  const encodingId = useId();
  const total = view.page?.total ?? 0;
  const selected =
    view.selection.kind === "all"
      ? t("allSelected", { count: total })
      : t("selected", { count: view.selection.ids.length });
  return (
    <Flex gap="3" align="end" wrap="wrap" justify="between">
      <Flex gap="3" align="center" wrap="wrap">
        <Text weight="bold" role="status">
          {t("total", { count: total })}
        </Text>
        <Text size="2">{selected}</Text>
        <Button variant="soft" onClick={() => list.send({ type: "selection.all" })}>
          {t("selectAll")}
        </Button>
        <Button variant="soft" onClick={() => list.send({ type: "selection.clear" })}>
          {t("clearSelection")}
        </Button>
        {may.remove ? (
          <BusyButton
            color="red"
            busy={view.deleting}
            unavailable={!view.canDelete}
            onClick={() => list.send({ type: "delete.request" })}
          >
            {t("delete")}
          </BusyButton>
        ) : null}
      </Flex>
      <Flex gap="2" align="end">
        <div style={fieldStyle}>
          <Text as="label" htmlFor={encodingId} size="2" weight="medium">
            {t("csvEncoding")}
          </Text>
          <select
            id={encodingId}
            style={controlStyle}
            value={encoding}
            onChange={(event) => setEncoding(event.target.value as CsvEncoding)}
          >
            {CSV_ENCODINGS.map((value) => (
              <option key={value} value={value}>
                {t(value === "utf8" ? "encodingUtf8" : "encodingCp932")}
              </option>
            ))}
          </select>
        </div>
        <BusyButton
          variant="soft"
          busy={view.exporting}
          unavailable={!view.canExport}
          onClick={() => list.send({ type: "csv.request", encoding })}
        >
          {t("csvOutput")}
        </BusyButton>
      </Flex>
      <CsvProgress />
    </Flex>
  );
}

/**
 * The CSV output's progress, in a live region: the job being made (with Stop), the polling's
 * notice when a check failed (991) or took too long (993) with a retry, and 992 when there was no
 * file to download. The download itself starts on its own; 005 comes in the snackbar.
 */
function CsvProgress() {
  const { t } = useTranslation("negative");
  const { t: message } = useTranslation("messages");
  const list = NegativeListActor.useActorRef();
  const { csvPolling, csvFailed } = useNegativeListView();
  const notice = useSelector(csvPolling, (snapshot) => snapshot?.context.notice ?? null);
  return (
    <div role="status" aria-live="polite" style={{ flexBasis: "100%" }}>
      {csvPolling ? (
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="2">
            {notice === "991"
              ? t("csvCheckFailed")
              : notice === "993"
                ? message("no.993")
                : t("csvPreparing")}
          </Text>
          {notice ? (
            <Button type="button" size="1" variant="soft" onClick={() => list.send({ type: "csv.retry" })}>
              {t("csvRetry")}
            </Button>
          ) : null}
          <Button
            type="button"
            size="1"
            variant="soft"
            color="gray"
            onClick={() => list.send({ type: "csv.stop" })}
          >
            {t("csvStop")}
          </Button>
        </Flex>
      ) : null}
      {csvFailed ? <FormMessage tone="error">{message("no.992")}</FormMessage> : null}
    </div>
  );
}

function EntryTable({ rows }: { rows: readonly NegativeRow[] }) {
  const { t } = useTranslation("negative");
  const list = NegativeListActor.useActorRef();
  const { selection } = useNegativeListView();
  const may = useScreenActions(negativeActions);
  const ticked = (id: string) => selection.kind === "all" || selection.ids.includes(id);
  const columns = ["negativeId", "item", "value", "addType", "updatedAt", "validUntil", "note"] as const;
  return (
    <Table.Root ref={keyboardScrollable} variant="surface" size="1">
      <VisuallyHidden asChild>
        <caption>{t("tableCaption")}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell scope="col">{t("columns.select")}</Table.ColumnHeaderCell>
          {columns.map((column) => (
            <Table.ColumnHeaderCell key={column} scope="col">
              {t(`columns.${column}`)}
            </Table.ColumnHeaderCell>
          ))}
          <Table.ColumnHeaderCell scope="col">{t("columns.details")}</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.negativeId}>
            <Table.Cell>
              <input
                type="checkbox"
                aria-label={t("selectRow", { id: row.negativeId })}
                checked={ticked(row.negativeId)}
                disabled={selection.kind === "all"}
                onChange={() => list.send({ type: "row.toggle", negativeId: row.negativeId })}
              />
            </Table.Cell>
            <Table.RowHeaderCell>{row.negativeId}</Table.RowHeaderCell>
            <Table.Cell>{row.item ? t(`items.${row.item}`) : ""}</Table.Cell>
            <Table.Cell style={{ wordBreak: "break-all" }}>{row.value}</Table.Cell>
            <Table.Cell>
              {row.addType ? t(`addTypes.${row.addType}`, { defaultValue: row.addType }) : ""}
            </Table.Cell>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>{formatDateTime(row.updatedAt)}</Table.Cell>
            <Table.Cell style={{ whiteSpace: "nowrap" }}>
              {row.validUntil ? formatDateTime(row.validUntil) : ""}
            </Table.Cell>
            <Table.Cell>{row.note ?? ""}</Table.Cell>
            <Table.Cell>
              {may.details ? (
                <Button
                  size="1"
                  variant="soft"
                  aria-label={t("detailsOf", { id: row.negativeId })}
                  onClick={() =>
                    navigateTo(`/NegativeDetail?negativeId=${encodeURIComponent(row.negativeId)}`)
                  }
                >
                  {t("details")}
                </Button>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function PagingBar() {
  const { t } = useTranslation("negative");
  const list = NegativeListActor.useActorRef();
  const view = useNegativeListView();
  const sizeId = useId();
  return (
    <Flex gap="3" align="end" wrap="wrap">
      <div style={fieldStyle}>
        <Text as="label" htmlFor={sizeId} size="2" weight="medium">
          {t("pageSize")}
        </Text>
        <select
          id={sizeId}
          style={{ ...controlStyle, minWidth: "6rem" }}
          value={view.pageSize}
          onChange={(event) => list.send({ type: "pageSize.change", pageSize: Number(event.target.value) })}
        >
          {EVENT_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <BusyButton
        variant="soft"
        unavailable={!view.canPrevious}
        onClick={() => list.send({ type: "page.previous" })}
      >
        {t("previous")}
      </BusyButton>
      <Text size="2">{view.pageNumber}</Text>
      <BusyButton variant="soft" unavailable={!view.canNext} onClick={() => list.send({ type: "page.next" })}>
        {t("next")}
      </BusyButton>
    </Flex>
  );
}
