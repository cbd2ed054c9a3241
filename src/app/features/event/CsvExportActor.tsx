import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { type CsvExportRequest, csvExportMachine } from "../../../../machines/event/csvExportMachine.ts";
import { eventCsvExport, eventCsvExportStatus } from "../../../contract/eventExport.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";

/** The event CSV output's workflow (machines/event/csvExportMachine.ts), one per open dialog. */
export const CsvExportActor = createActorContext(csvExportMachine);

// The dialog shows refusals itself (902, several models, 150,000, 963); 008 still goes to the snackbar.
// A request that fails outright (the network) says 697 there and in a notice, the list kept: Output
// tries again once the network is back.
const SHOWN_IN_DIALOG = { manual: true, reportUnexpected: true } as const;
// The status is asked every second while the file is written: the operator keeps working meanwhile.
// A check that fails outright (the network) tells 697 in the dialog and a notice, and leaves the
// list as it is (the file is still made and mailed), as the list's count does: a call the console
// makes on its own does not send the operator to the system error page.
const POLLED_IN_BACKGROUND = { manual: true, background: true, reportUnexpected: true } as const;

export function CsvExportProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const notifications = NotificationsActor.useActorRef();
  const { t } = useTranslation("eventExport");
  const [logic] = useState(() =>
    csvExportMachine.provide({
      actors: {
        requestExport: fromPromise(({ input }: { input: CsvExportRequest }) =>
          run(eventCsvExport, input, SHOWN_IN_DIALOG),
        ),
        exportStatus: fromPromise(({ input }: { input: { jobId: string } }) =>
          run(eventCsvExportStatus, input, POLLED_IN_BACKGROUND),
        ),
      },
      actions: {
        notifyReady: () => notifications.send({ type: "notify.show", colour: "success", text: t("ready") }),
      },
    }),
  );
  return <CsvExportActor.Provider logic={logic}>{children}</CsvExportActor.Provider>;
}
