import { Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UploadOptionValues } from "../../../../machines/csv/csvUploadFormMachine.ts";
import { type TYPED_VALUE_COLUMN, uploadSamplePath } from "../../../contract/uploadOptions.ts";
import type { UploadFileType, UploadJob } from "../../../contract/uploads.ts";
import { AppLink } from "../../ui/AppLink.tsx";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import {
  CsvJobPollingActor,
  CsvJobPollingProvider,
  CsvUploadFormActor,
  CsvUploadFormProvider,
} from "./CsvUploadActors.tsx";
import { useCsvJobPollingView, useCsvUploadFormView } from "./useCsvUploadView.ts";

/** Upload types whose values the operator types on the screen (sent as a one-column CSV file). */
export type TypedValueType = keyof typeof TYPED_VALUE_COLUMN;

export interface HistoryLink {
  path: string;
  label: string;
}

/**
 * The upload of one screen (CSV screening, CSV update, CSV negative): the screen's options (children,
 * reading and changing them through useUploadOptions), the CSV file (required, .csv), the sample file,
 * Upload after the confirmation dialog; then the job followed to its end with its counts and the
 * encoding it read, and a link to the history screen. "Upload another file" starts a fresh form.
 */
export function CsvUploadPanel({
  fileType,
  options,
  history,
  typedValues,
  children,
}: {
  fileType: UploadFileType;
  options: UploadOptionValues;
  history: HistoryLink;
  /** Reads the options' upload type: values typed on the screen (00, 10, 20), or null for a CSV file. */
  typedValues?: (options: UploadOptionValues) => { type: TypedValueType; column: string } | null;
  children?: ReactNode;
}) {
  const [round, setRound] = useState(0);
  return (
    <CsvUploadFormProvider key={round} fileType={fileType} options={options}>
      <UploadForm history={history} typedValues={typedValues} onAnother={() => setRound((n) => n + 1)}>
        {children}
      </UploadForm>
    </CsvUploadFormProvider>
  );
}

/** The screen's options as the form holds them, and how an option field changes them. */
export function useUploadOptions<T extends UploadOptionValues>(): {
  options: T;
  change: (next: T, fileType?: UploadFileType) => void;
} {
  const form = CsvUploadFormActor.useActorRef();
  const { options, fileType } = useCsvUploadFormView();
  return {
    options: options as T,
    change: (next, nextType) =>
      form.send({ type: "options.change", fileType: nextType ?? fileType, options: next }),
  };
}

function UploadForm({
  history,
  typedValues,
  onAnother,
  children,
}: {
  history: HistoryLink;
  typedValues: ((options: UploadOptionValues) => { type: TypedValueType; column: string } | null) | undefined;
  onAnother: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("csvScreens");
  const { t: message } = useTranslation("messages");
  const form = CsvUploadFormActor.useActorRef();
  const view = useCsvUploadFormView();
  const fileId = useId();
  const typed = typedValues?.(view.options) ?? null;
  const mode = typed?.type ?? "file";
  // Another way of naming the events: what was chosen or typed for the other one is dropped.
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    form.send({ type: "file.choose", file: null });
  }, [form, mode]);

  if (view.jobId)
    return (
      <CsvJobPollingProvider jobId={view.jobId}>
        <JobProgress history={history} onAnother={onAnother} />
      </CsvJobPollingProvider>
    );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    form.send({ type: "file.choose", file: file ? { name: file.name, body: file } : null });
  };
  // Typed values go up as a one-column CSV file of their own (docs/uploads.md): header, one per line.
  const type = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (!typed) return;
    const values = event.target.value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "");
    form.send({
      type: "file.choose",
      file:
        values.length === 0
          ? null
          : {
              name: `${typed.column}.csv`,
              body: new Blob([`${[typed.column, ...values].join("\r\n")}\r\n`]),
            },
    });
  };
  const problemId = `${fileId}-problem`;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ type: "form.submit" });
      }}
    >
      <Flex direction="column" gap="4" align="start">
        {children}
        {typed ? (
          <div className="csv-field">
            <Text as="label" htmlFor={`${fileId}-values`} size="2" weight="medium">
              {t(`panel.values.${typed.type}`)}
            </Text>
            <textarea
              key={typed.type}
              id={`${fileId}-values`}
              className="csv-values"
              rows={6}
              onChange={type}
              aria-invalid={view.fileProblem ? true : undefined}
              aria-describedby={view.fileProblem ? problemId : undefined}
            />
            {view.fileProblem ? (
              <Text as="p" size="1" color="red" id={problemId}>
                {message(`validation.${view.fileProblem}`)}
              </Text>
            ) : null}
          </div>
        ) : (
          <div className="csv-field">
            <Text as="label" htmlFor={fileId} size="2" weight="medium">
              {t("panel.file")}
            </Text>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className="csv-file-input"
              onChange={choose}
              aria-invalid={view.fileProblem ? true : undefined}
              aria-describedby={view.fileProblem ? problemId : undefined}
            />
            {view.fileProblem ? (
              <Text as="p" size="1" color="red" id={problemId}>
                {message(`validation.${view.fileProblem}`)}
              </Text>
            ) : null}
            <a href={uploadSamplePath(view.fileType)} download>
              {t("panel.sample")}
            </a>
          </div>
        )}
        {view.errors.length > 0 ? (
          <FormMessage tone="error">{view.errors.map(shownErrorText).join("\n")}</FormMessage>
        ) : null}
        {view.uploadFailed ? (
          <Flex gap="3" align="center" role="alert">
            <Text size="2" color="red">
              {message("no.991")}
            </Text>
            <Button type="button" onClick={() => form.send({ type: "step.retry" })}>
              {t("panel.retry")}
            </Button>
            <Button type="button" variant="soft" onClick={() => form.send({ type: "step.cancel" })}>
              {t("panel.cancel")}
            </Button>
          </Flex>
        ) : (
          <BusyButton type="submit" busy={view.uploading} unavailable={view.confirming}>
            {t("panel.upload")}
          </BusyButton>
        )}
        <AppLink to={history.path}>{history.label}</AppLink>
      </Flex>
    </form>
  );
}

function JobProgress({ history, onAnother }: { history: HistoryLink; onAnother: () => void }) {
  const { t } = useTranslation("csvScreens");
  const { t: message } = useTranslation("messages");
  const polling = CsvJobPollingActor.useActorRef();
  const { job, following, notice, canRetry } = useCsvJobPollingView();
  return (
    <Card size="2">
      <Flex direction="column" gap="3" align="start">
        <Heading as="h2" size="4">
          {t("job.heading")}
        </Heading>
        <div role="status" aria-live="polite" aria-busy={following}>
          {job ? <JobFacts job={job} /> : <Text size="2">{t("states.queued")}</Text>}
        </div>
        {notice ? (
          <Flex gap="3" align="center" role="alert">
            <Text size="2" color="red">
              {message(`no.${notice}`)}
            </Text>
            {canRetry ? (
              <Button type="button" onClick={() => polling.send({ type: "step.retry" })}>
                {t("panel.retry")}
              </Button>
            ) : null}
          </Flex>
        ) : null}
        <Flex gap="4" align="center" wrap="wrap">
          <AppLink to={history.path}>{history.label}</AppLink>
          <Button type="button" variant="soft" onClick={onAnother}>
            {t("job.another")}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function JobFacts({ job }: { job: UploadJob }) {
  const { t } = useTranslation("csvScreens");
  const total = job.totalRows ?? 0;
  return (
    <Box>
      <Text as="p" size="3" weight="bold">
        {t(`states.${job.state}`)}
      </Text>
      <Text as="p" size="2">
        {t("job.fileName", { fileName: job.fileName })}
      </Text>
      <Text as="p" size="2">
        {t("job.encoding", { encoding: t(`encodings.${job.encoding}`) })}
      </Text>
      {job.state === "running" || job.state === "queued" ? (
        <Text as="p" size="2">
          {t("job.progress", { processed: job.processedRows, total })}
        </Text>
      ) : (
        <Text as="p" size="2">
          {t("job.counts", { total, applied: job.appliedRows, refused: job.refusedRows })}
        </Text>
      )}
      {job.error ? (
        <Text as="p" size="2" color="red">
          {job.error}
        </Text>
      ) : null}
    </Box>
  );
}
