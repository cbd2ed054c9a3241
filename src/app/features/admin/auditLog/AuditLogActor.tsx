import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  auditLogMachine,
  type ExportCsvInput,
  type LoadPageInput,
} from "../../../../../machines/admin/auditLogMachine.ts";
import { auditLogCsv, auditLogList, auditLogOperators } from "../../../../contract/auditLog.ts";
import { ERROR } from "../../../../contract/errors.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { NotificationsActor } from "../../../actors/NotificationsActor.tsx";
import { saveAuditCsv } from "./saveAuditCsv.ts";

/** The audit log's workflow (machines/admin/auditLogMachine.ts). */
export const AuditLogActor = createActorContext(auditLogMachine);

// A filter refused (the dates) is shown in the screen beside the form; other refusals are routed as
// spec section 8 says. A failed export keeps the page: a failure of the call is told with 697.
const LIST_HANDLING = { handledHere: [ERROR.validation] } as const;
const EXPORT_HANDLING = { reportUnexpected: true } as const;

export function AuditLogProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const notifications = NotificationsActor.useActorRef();
  const { t: message } = useTranslation("messages");
  const [logic] = useState(() =>
    auditLogMachine.provide({
      actors: {
        loadOperators: fromPromise(() => run(auditLogOperators, {})),
        loadPage: fromPromise(({ input }: { input: LoadPageInput }) =>
          run(auditLogList, { ...input.filter, after: input.after }, LIST_HANDLING),
        ),
        exportCsv: fromPromise(({ input }: { input: ExportCsvInput }) =>
          run(auditLogCsv, { filter: input.filter, encoding: input.encoding }, EXPORT_HANDLING),
        ),
      },
      actions: {
        // The file is handed to the browser here, so the notice (005) is the screen's.
        saveCsv: (_, params) => {
          saveAuditCsv(params.file);
          notifications.send({ type: "notify.show", colour: "success", text: message("no.005") });
        },
      },
    }),
  );
  return <AuditLogActor.Provider logic={logic}>{children}</AuditLogActor.Provider>;
}
