import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import { csvJobPollingMachine } from "../../../../machines/csv/csvJobPollingMachine.ts";
import {
  csvUploadFormMachine,
  type UploadFileInput,
  type UploadOptionValues,
} from "../../../../machines/csv/csvUploadFormMachine.ts";
import { readLoginInfo } from "../../../client/session.ts";
import { sendUpload } from "../../../client/uploadRequest.ts";
import { ERROR } from "../../../contract/errors.ts";
import { type UploadFileType, uploadJobStatus } from "../../../contract/uploads.ts";
import { useRunCall, useRunRequest } from "../../actors/CallRunner.tsx";
import { useConfirm } from "../../actors/ConfirmDialogActor.tsx";
import { currentLang } from "../../i18n/i18n.ts";

/** An upload screen's form (machines/csv/csvUploadFormMachine.ts). */
export const CsvUploadFormActor = createActorContext(csvUploadFormMachine);
/** The uploaded file's job, followed until it ends (machines/csv/csvJobPollingMachine.ts). */
export const CsvJobPollingActor = createActorContext(csvJobPollingMachine);

// The form shows what the rules and the options refuse (the field's message, 902, the size limit);
// anything else (962, a lost session) goes the usual way of spec section 8. 004 goes to the snackbar.
const SHOWN_IN_FORM = {
  handledHere: [ERROR.validation, ERROR.unknownKey, ERROR.noItemSelected, ERROR.payloadTooLarge],
  reportUnexpected: true,
} as const;
// Asked every second on its own: no overlay; the machine says 991 for a failed or refused call.
const POLLED_IN_BACKGROUND = { manual: true, background: true, reportUnexpected: true } as const;

export function CsvUploadFormProvider({
  fileType,
  options,
  children,
}: {
  fileType: UploadFileType;
  options: UploadOptionValues;
  children: ReactNode;
}) {
  const runRequest = useRunRequest();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    csvUploadFormMachine.provide({
      actors: {
        confirmUpload: fromPromise(({ signal }) =>
          confirm("csvScreens:panel.uploadConfirm", "execute", signal),
        ),
        uploadFile: fromPromise(({ input }: { input: UploadFileInput }) =>
          runRequest(
            () =>
              sendUpload(
                { telegram: { fileType: input.fileType, options: input.options }, file: input.file },
                { lang: currentLang(), loginInfo: readLoginInfo() },
              ),
            SHOWN_IN_FORM,
          ),
        ),
      },
    }),
  );
  return (
    <CsvUploadFormActor.Provider logic={logic} options={{ input: { fileType, options } }}>
      {children}
    </CsvUploadFormActor.Provider>
  );
}

export function CsvJobPollingProvider({ jobId, children }: { jobId: string; children: ReactNode }) {
  const run = useRunCall();
  const [logic] = useState(() =>
    csvJobPollingMachine.provide({
      actors: {
        jobStatus: fromPromise(({ input }: { input: { jobId: string } }) =>
          run(uploadJobStatus, input, POLLED_IN_BACKGROUND),
        ),
      },
    }),
  );
  return (
    <CsvJobPollingActor.Provider logic={logic} options={{ input: { jobId } }}>
      {children}
    </CsvJobPollingActor.Provider>
  );
}
