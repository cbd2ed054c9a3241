import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { type ReportCriteria, reportMachine } from "../../../../machines/report/reportMachine.ts";
import { ERROR } from "../../../contract/errors.ts";
import { detectionModelList } from "../../../contract/releasedRules.ts";
import { eventReport, eventReportCsv, ruleHitCsv, ruleHitStats } from "../../../contract/report.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";
import { saveTextFile } from "../../ui/saveTextFile.ts";

/** The screening result report's workflow (machines/report). */
export const ReportActor = createActorContext(reportMachine);

// A period the contract refuses is shown by its fields in the form; any other refusal is routed as
// spec section 8 says (962 to the system error page).
const FIELD_ERRORS_SHOWN_HERE = { handledHere: [ERROR.validation] } as const;
// A failed export keeps the report: a failure of the call itself is told with 697 in place.
const EXPORT_HANDLING = { reportUnexpected: true } as const;

const request = (criteria: ReportCriteria) => ({
  unit: criteria.unit,
  modelId: criteria.modelId,
  from: criteria.from,
  to: criteria.to,
});

export function ReportProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const notifications = NotificationsActor.useActorRef();
  const { t: message } = useTranslation("messages");
  const [logic] = useState(() =>
    reportMachine.provide({
      actors: {
        loadModels: fromPromise(() => run(detectionModelList, {})),
        loadReport: fromPromise(({ input }: { input: ReportCriteria }) =>
          run(eventReport, request(input), FIELD_ERRORS_SHOWN_HERE),
        ),
        loadRuleHits: fromPromise(({ input }: { input: ReportCriteria }) =>
          run(ruleHitStats, request(input)),
        ),
        exportReport: fromPromise(({ input }: { input: ReportCriteria }) =>
          run(eventReportCsv, request(input), EXPORT_HANDLING),
        ),
        exportRuleHits: fromPromise(({ input }: { input: ReportCriteria }) =>
          run(ruleHitCsv, request(input), EXPORT_HANDLING),
        ),
      },
      actions: {
        // The file is handed to the browser here, so the notice (005) is the screen's, not the server's.
        saveCsv: (_, params) => {
          saveTextFile(params.file.fileName, params.file.content);
          notifications.send({ type: "notify.show", colour: "success", text: message("no.005") });
        },
      },
    }),
  );
  return <ReportActor.Provider logic={logic}>{children}</ReportActor.Provider>;
}
