import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  csvUploadFormMachine,
  type UploadFileInput,
  type UploadOptionValues,
} from "../../../../machines/csv/csvUploadFormMachine.ts";
import { readLoginInfo } from "../../../client/session.ts";
import { sendUpload } from "../../../client/uploadRequest.ts";
import { ERROR } from "../../../contract/errors.ts";
import type { UploadFileType } from "../../../contract/uploads.ts";
import { useRunRequest } from "../../actors/CallRunner.tsx";
import { useConfirm } from "../../actors/ConfirmDialogActor.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";
import { currentLang } from "../../i18n/i18n.ts";

/** An upload screen's form (machines/csv/csvUploadFormMachine.ts). */
export const CsvUploadFormActor = createActorContext(csvUploadFormMachine);

// The form shows what the rules and the options refuse (the field's message, 902, the size limit);
// anything else (962, a lost session) goes the usual way of spec section 8. 004 goes to the snackbar
// (the notifications actor, which outlives the screen: the panel then opens the history screen).
const SHOWN_IN_FORM = {
  handledHere: [ERROR.validation, ERROR.unknownKey, ERROR.noItemSelected, ERROR.payloadTooLarge],
  reportUnexpected: true,
} as const;

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
  const notifications = NotificationsActor.useActorRef();
  const { t: message } = useTranslation("messages");
  const [logic] = useState(() =>
    csvUploadFormMachine.provide({
      actors: {
        confirmUpload: fromPromise(({ signal }) =>
          confirm("csvScreens:panel.uploadConfirm", "execute", signal),
        ),
        uploadFile: fromPromise(async ({ input }: { input: UploadFileInput }) => {
          const outcome = await runRequest(
            () =>
              sendUpload(
                { telegram: { fileType: input.fileType, options: input.options }, file: input.file },
                { lang: currentLang(), loginInfo: readLoginInfo() },
              ),
            SHOWN_IN_FORM,
          );
          if (outcome.ok)
            notifications.send({ type: "notify.show", colour: "success", text: message("no.004") });
          return outcome;
        }),
      },
    }),
  );
  return (
    <CsvUploadFormActor.Provider logic={logic} options={{ input: { fileType, options } }}>
      {children}
    </CsvUploadFormActor.Provider>
  );
}
