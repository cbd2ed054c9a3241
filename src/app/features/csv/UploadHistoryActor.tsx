import { createActorContext } from "@xstate/react";
import { format, subMonths } from "date-fns";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import {
  type FileLinkInput,
  type HistoryFilter,
  type LoadHistoryInput,
  uploadHistoryMachine,
} from "../../../../machines/csv/uploadHistoryMachine.ts";
import { ERROR } from "../../../contract/errors.ts";
import { inJapan } from "../../../contract/japanTime.ts";
import { type UploadFileType, uploadFileLink, uploadHistory } from "../../../contract/uploads.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";
import { openDownloadLink } from "../../ui/openDownloadLink.ts";

/** A history screen's workflow (machines/csv/uploadHistoryMachine.ts). */
export const UploadHistoryActor = createActorContext(uploadHistoryMachine);

/** The default request date range (spec section 2): from one month ago, Japan's calendar. */
export const defaultFilter = (now = new Date()): HistoryFilter => ({
  from: format(subMonths(inJapan(now), 1), "yyyy-MM-dd"),
  to: "",
});

/** A picked day (YYYY-MM-DD) as the instant its Japan day starts, or ends. */
const dayStart = (day: string) => (day === "" ? null : `${day}T00:00:00.000+09:00`);
const dayEnd = (day: string) => (day === "" ? null : `${day}T23:59:59.999+09:00`);

// The page is asked again every second while jobs run: no overlay covers the table meanwhile; a date
// range the server refuses is shown in place. A refused link says 992 on the screen; 005 comes with it.
const LOAD_HANDLING = { handledHere: [ERROR.validation], background: true, reportUnexpected: true } as const;
const LINK_HANDLING = { manual: true, reportUnexpected: true } as const;

export function UploadHistoryProvider({
  fileTypes,
  children,
}: {
  fileTypes: UploadFileType[];
  children: ReactNode;
}) {
  const run = useRunCall();
  const [logic] = useState(() =>
    uploadHistoryMachine.provide({
      actors: {
        loadHistory: fromPromise(({ input }: { input: LoadHistoryInput }) =>
          run(
            uploadHistory,
            {
              fileTypes: input.fileTypes,
              from: dayStart(input.filter.from),
              to: dayEnd(input.filter.to),
              page: input.page,
            },
            LOAD_HANDLING,
          ),
        ),
        fileLink: fromPromise(({ input }: { input: FileLinkInput }) =>
          run(uploadFileLink, input, LINK_HANDLING),
        ),
      },
      actions: {
        openDownload: (_, params) => openDownloadLink(params.result.downloadUrl),
      },
    }),
  );
  return (
    <UploadHistoryActor.Provider logic={logic} options={{ input: { fileTypes, filter: defaultFilter() } }}>
      {children}
    </UploadHistoryActor.Provider>
  );
}
