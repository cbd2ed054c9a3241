import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { createActorContext } from "@xstate/react";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { csvJobPollingMachine } from "../../../../../machines/csv/csvJobPollingMachine.ts";
import {
  csvUploadFormMachine,
  type UploadFileInput,
} from "../../../../../machines/csv/csvUploadFormMachine.ts";
import { uploadJobStatus } from "../../../../contract/uploads.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { NotificationsActor } from "../../../actors/NotificationsActor.tsx";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { uploadCsvFile } from "./uploadCsvFile.ts";

/** The CSV keyword upload's form (machines/csv/csvUploadFormMachine) and its job (csvJobPollingMachine). */
const UploadFormActor = createActorContext(csvUploadFormMachine);
const JobPollingActor = createActorContext(csvJobPollingMachine);

function UploadFormProvider({ children }: { children: ReactNode }) {
  const confirm = useConfirm();
  const notifications = NotificationsActor.useActorRef();
  const { t: message } = useTranslation("messages");
  const [logic] = useState(() =>
    csvUploadFormMachine.provide({
      actors: {
        confirmUpload: fromPromise(({ signal }) => confirm("keyword:csvConfirm", "execute", signal)),
        uploadFile: fromPromise(async ({ input }: { input: UploadFileInput }) => {
          const outcome = await uploadCsvFile(input.fileType, input.file);
          if (outcome.ok)
            notifications.send({ type: "notify.show", colour: "success", text: message("no.004") });
          return outcome;
        }),
      },
    }),
  );
  return (
    <UploadFormActor.Provider logic={logic} options={{ input: { fileType: "CsvKeyword" } }}>
      {children}
    </UploadFormActor.Provider>
  );
}

function JobPollingProvider({ jobId, children }: { jobId: string; children: ReactNode }) {
  const run = useRunCall();
  const [logic] = useState(() =>
    csvJobPollingMachine.provide({
      actors: {
        jobStatus: fromPromise(({ input }: { input: { jobId: string } }) => run(uploadJobStatus, input)),
      },
    }),
  );
  return (
    <JobPollingActor.Provider logic={logic} options={{ input: { jobId } }}>
      {children}
    </JobPollingActor.Provider>
  );
}

/**
 * CSV registration of keywords (file type CsvKeyword, columns categoryId and keyword): choose the
 * file, confirm, upload; then the job is followed until it ends, with its counts.
 */
export function KeywordCsvUpload() {
  const [jobs, setJobs] = useState<string[]>([]);
  return (
    <UploadFormProvider key={jobs.length}>
      <UploadForm onJob={(jobId) => setJobs([...jobs, jobId])} />
      {jobs.map((jobId) => (
        <JobPollingProvider key={jobId} jobId={jobId}>
          <JobState />
        </JobPollingProvider>
      ))}
    </UploadFormProvider>
  );
}

function UploadForm({ onJob }: { onJob: (jobId: string) => void }) {
  const { t } = useTranslation("keyword");
  const { t: messages } = useTranslation("messages");
  const form = UploadFormActor.useActorRef();
  const problems = UploadFormActor.useSelector((snapshot) => snapshot.context.problems);
  const errors = UploadFormActor.useSelector((snapshot) => snapshot.context.errors);
  const busy = UploadFormActor.useSelector(
    (snapshot) => snapshot.matches("uploading") || snapshot.matches("confirming"),
  );
  const failed = UploadFormActor.useSelector((snapshot) => snapshot.matches("uploadFailed"));
  const jobId = UploadFormActor.useSelector((snapshot) =>
    snapshot.status === "done" ? snapshot.context.jobId : null,
  );
  const id = useId();

  useEffect(() => {
    if (jobId) onJob(jobId);
  }, [jobId, onJob]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: "form.submit" });
  };
  const problemText = problems.map((problem) => messages(`validation.${problem.key}`)).join("\n");

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="4" mb="3" id={`${id}-heading`}>
        {t("csvHeading")}
      </Heading>
      <Flex gap="3" align="end" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor={`${id}-file`} size="2" weight="medium">
            {t("csvFile")}
          </Text>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={problemText ? true : undefined}
            aria-describedby={problemText ? `${id}-problem` : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              form.send({ type: "file.choose", file: file ? { name: file.name, body: file } : null });
            }}
          />
        </Flex>
        <BusyButton type="submit" busy={busy}>
          {t("csvUpload")}
        </BusyButton>
        {failed ? (
          <Button type="button" variant="soft" onClick={() => form.send({ type: "step.retry" })}>
            {t("csvRetry")}
          </Button>
        ) : null}
      </Flex>
      {problemText ? (
        <Text as="p" size="2" color="red" id={`${id}-problem`}>
          {problemText}
        </Text>
      ) : null}
      {errors.length > 0 ? (
        <FormMessage tone="error">{errors.map(shownErrorText).join("\n")}</FormMessage>
      ) : null}
    </form>
  );
}

function JobState() {
  const { t } = useTranslation("keyword");
  const { t: messages } = useTranslation("messages");
  const polling = JobPollingActor.useActorRef();
  const job = JobPollingActor.useSelector((snapshot) => snapshot.context.job);
  const jobId = JobPollingActor.useSelector((snapshot) => snapshot.context.jobId);
  const notice = JobPollingActor.useSelector((snapshot) => snapshot.context.notice);
  useEffect(() => () => polling.send({ type: "polling.stop" }), [polling]);
  const state = job?.state ?? "queued";
  return (
    <Flex direction="column" gap="1" mt="3" role="status">
      <Text size="2">{t("csvState", { jobId, state: t(`csvStates.${state}`) })}</Text>
      {job && job.totalRows !== null ? (
        <Text size="2" color="gray">
          {t("csvCounts", { applied: job.appliedRows, refused: job.refusedRows, total: job.totalRows })}
        </Text>
      ) : null}
      {job?.error ? <FormMessage tone="error">{job.error}</FormMessage> : null}
      {notice ? (
        <Flex gap="2" align="center">
          <FormMessage tone="error">{messages(`no.${notice}`)}</FormMessage>
          <Button type="button" variant="soft" onClick={() => polling.send({ type: "step.retry" })}>
            {t("csvRetry")}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
