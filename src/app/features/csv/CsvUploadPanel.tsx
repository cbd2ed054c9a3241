import { Button, Flex, Text } from "@radix-ui/themes";
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { UploadOptionValues } from "../../../../machines/csv/csvUploadFormMachine.ts";
import { type TYPED_VALUE_COLUMN, uploadSamplePath } from "../../../contract/uploadOptions.ts";
import type { UploadFileType } from "../../../contract/uploads.ts";
import { navigateTo } from "../../navigation.ts";
import { AppLink } from "../../ui/AppLink.tsx";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { CsvUploadFormActor, CsvUploadFormProvider } from "./CsvUploadActors.tsx";
import { useCsvUploadFormView } from "./useCsvUploadView.ts";

/** Upload types whose values the operator types on the screen (sent as a one-column CSV file). */
export type TypedValueType = keyof typeof TYPED_VALUE_COLUMN;

export interface HistoryLink {
  path: string;
  label: string;
}

/**
 * The upload of one screen (CSV screening, CSV update, CSV negative): the screen's options (children,
 * reading and changing them through useUploadOptions), the CSV file (required, .csv), the sample file,
 * Upload after the confirmation dialog. Accepted, the upload-accepted notice (004) shows and the
 * history screen opens with the new job at the top, where it is followed to its end (issue 39).
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
  return (
    <CsvUploadFormProvider fileType={fileType} options={options}>
      <UploadForm history={history} typedValues={typedValues}>
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
  children,
}: {
  history: HistoryLink;
  typedValues: ((options: UploadOptionValues) => { type: TypedValueType; column: string } | null) | undefined;
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

  // Accepted (004 is already in the snackbar): the history screen follows the new job, at its top.
  const opened = useRef(false);
  useEffect(() => {
    if (!view.jobId || opened.current) return;
    opened.current = true;
    navigateTo(history.path);
  }, [view.jobId, history.path]);

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
