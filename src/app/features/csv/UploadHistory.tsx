import { Button, Flex, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import type { UploadFileType, UploadJob } from "../../../contract/uploads.ts";
import { formatDateTime } from "../../i18n/format.ts";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { keyboardScrollable } from "../../ui/keyboardScrollable.ts";
import { Loading } from "../../ui/Loading.tsx";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { UploadHistoryActor } from "./UploadHistoryActor.tsx";
import { useUploadHistoryView } from "./useUploadHistoryView.ts";

/** The columns of a history table (spec section 3: CSV history row, negative history row). */
export type HistoryColumn =
  | "no"
  | "type"
  | "uploadedAt"
  | "completedAt"
  | "operatorName"
  | "status"
  | "encoding"
  | "counts"
  | "uploadFile"
  | "resultFile";

export interface HistoryTexts {
  from: string;
  to: string;
  caption: string;
  columns: Record<HistoryColumn, string>;
}

/** The date range filter, the table of jobs with their two files' Download buttons, and paging. */
export function UploadHistory({
  texts,
  columns,
}: {
  texts: HistoryTexts;
  columns: readonly HistoryColumn[];
}) {
  const { t } = useTranslation("csvScreens");
  const { t: message } = useTranslation("messages");
  const history = UploadHistoryActor.useActorRef();
  const view = useUploadHistoryView();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    history.send({ type: "search.submit" });
  };
  const setFilter = (patch: Partial<typeof view.filter>) =>
    history.send({ type: "filter.change", filter: { ...view.filter, ...patch } });

  return (
    <Flex direction="column" gap="4">
      <form onSubmit={submit} noValidate>
        <Flex gap="4" align="end" wrap="wrap">
          <div className="csv-field">
            <Text as="label" htmlFor={`${id}-from`} size="2" weight="medium">
              {texts.from}
            </Text>
            <input
              id={`${id}-from`}
              type="date"
              className="csv-input"
              value={view.filter.from}
              onChange={(event) => setFilter({ from: event.target.value })}
            />
          </div>
          <div className="csv-field">
            <Text as="label" htmlFor={`${id}-to`} size="2" weight="medium">
              {texts.to}
            </Text>
            <input
              id={`${id}-to`}
              type="date"
              className="csv-input"
              value={view.filter.to}
              onChange={(event) => setFilter({ to: event.target.value })}
            />
          </div>
          <BusyButton type="submit" busy={view.loading}>
            {t("history.search")}
          </BusyButton>
        </Flex>
      </form>
      {view.linkRefused ? <FormMessage tone="error">{message("no.992")}</FormMessage> : null}
      {view.failed ? (
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">
            {[t("history.loadFailed"), ...view.errors.map(shownErrorText)].join("\n")}
          </FormMessage>
          <Button type="button" onClick={() => history.send({ type: "step.retry" })}>
            {t("history.reload")}
          </Button>
        </Flex>
      ) : view.loading && view.jobs.length === 0 ? (
        <Loading />
      ) : (
        <JobTable texts={texts} columns={columns} />
      )}
    </Flex>
  );
}

function JobTable({ texts, columns }: { texts: HistoryTexts; columns: readonly HistoryColumn[] }) {
  const { t } = useTranslation("csvScreens");
  const history = UploadHistoryActor.useActorRef();
  const view = useUploadHistoryView();
  const download = (job: UploadJob, processingType: "upload" | "download") =>
    history.send({
      type: "file.download",
      link: { jobId: job.jobId, fileType: job.fileType, processingType },
    });

  const cell = (job: UploadJob, index: number, column: HistoryColumn) => {
    switch (column) {
      case "no":
        return String(view.firstNo + index);
      case "type":
        return t(`fileTypes.${job.fileType satisfies UploadFileType}`);
      case "uploadedAt":
        return formatDateTime(job.uploadedAt);
      case "completedAt":
        return job.completedAt ? formatDateTime(job.completedAt) : "-";
      case "operatorName":
        return job.operatorName;
      case "status":
        return job.state === "running" && job.totalRows !== null
          ? `${t("states.running")} (${job.processedRows}/${job.totalRows})`
          : t(`states.${job.state}`);
      case "encoding":
        return t(`encodings.${job.encoding}`);
      case "counts":
        return job.totalRows === null ? "-" : `${job.totalRows} (${job.appliedRows} / ${job.refusedRows})`;
      case "uploadFile":
        return (
          <FileCell name={job.fileName} onDownload={() => download(job, "upload")} busy={view.downloading} />
        );
      case "resultFile":
        return job.hasResult ? (
          <FileCell name={null} onDownload={() => download(job, "download")} busy={view.downloading} />
        ) : (
          "-"
        );
    }
  };

  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="2" color="gray" role="status">
        {t("history.total", { count: view.total })}
      </Text>
      <Table.Root ref={keyboardScrollable} variant="surface" size="1">
        <VisuallyHidden asChild>
          <caption>{texts.caption}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeaderCell key={column} scope="col" className="csv-nowrap">
                {texts.columns[column]}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {view.jobs.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length}>{t("history.empty")}</Table.Cell>
            </Table.Row>
          ) : (
            view.jobs.map((job, index) => (
              <Table.Row key={job.jobId}>
                {columns.map((column) => (
                  <Table.Cell key={column}>{cell(job, index, column)}</Table.Cell>
                ))}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
      {view.pages > 1 ? (
        <Flex gap="3" align="center">
          <Button
            type="button"
            variant="soft"
            disabled={view.page <= 1}
            onClick={() => history.send({ type: "page.go", page: view.page - 1 })}
          >
            {t("history.previous")}
          </Button>
          <Text size="2">
            {view.page} / {view.pages}
          </Text>
          <Button
            type="button"
            variant="soft"
            disabled={view.page >= view.pages}
            onClick={() => history.send({ type: "page.go", page: view.page + 1 })}
          >
            {t("history.next")}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}

function FileCell({
  name,
  onDownload,
  busy,
}: {
  name: string | null;
  onDownload: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation("csvScreens");
  return (
    <Flex direction="column" gap="1" align="start">
      {name ? <Text size="1">{name}</Text> : null}
      <BusyButton type="button" size="1" variant="soft" unavailable={busy} onClick={onDownload}>
        {t("history.download")}
      </BusyButton>
    </Flex>
  );
}
