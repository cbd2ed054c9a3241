import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  type ExportCsvInput,
  releasedRuleListMachine,
} from "../../../../machines/rules/releasedRuleListMachine.ts";
import { ERROR } from "../../../contract/errors.ts";
import { detectionModelList, releasedRuleCsv, releasedRuleList } from "../../../contract/releasedRules.ts";
import { errorNoticeText } from "../../actors/applyRouting.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";
import { saveTextFile } from "../../ui/saveTextFile.ts";

/** The released rule list's workflow (machines/rules). */
export const ReleasedRuleListActor = createActorContext(releasedRuleListMachine);

// The screen shows 676 (the model has no release in force) itself; any other refusal is routed as
// spec section 8 says (the code and the message; 962 to the system error page), never as "no data".
const NO_DATA_SHOWN_HERE = { handledHere: [ERROR.noDataFound] } as const;
// A failed export keeps the table: a failure of the call itself is told with 697 in place. Another
// release in force since the list was shown (015) reloads the list, with 015 said by the machine.
const EXPORT_HANDLING = {
  handledHere: [ERROR.noDataFound, ERROR.conflict],
  reportUnexpected: true,
} as const;

export function ReleasedRuleListProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const notifications = NotificationsActor.useActorRef();
  const { t: message } = useTranslation("messages");
  const [logic] = useState(() =>
    releasedRuleListMachine.provide({
      actors: {
        loadModels: fromPromise(() => run(detectionModelList, {})),
        loadRules: fromPromise(({ input }: { input: { modelId: string } }) =>
          run(releasedRuleList, { modelId: input.modelId }, NO_DATA_SHOWN_HERE),
        ),
        exportCsv: fromPromise(({ input }: { input: ExportCsvInput }) =>
          run(releasedRuleCsv, { modelId: input.modelId, releaseId: input.releaseId }, EXPORT_HANDLING),
        ),
      },
      actions: {
        // An error notification shows the code, then the message (spec section 8).
        announceReleaseChanged: () =>
          notifications.send({
            type: "notify.show",
            colour: "error",
            text: errorNoticeText(ERROR.conflict, message("no.015")),
          }),
        // The file is handed to the browser here, so the notice (005) is the screen's, not the server's.
        saveCsv: (_, params) => {
          saveTextFile(params.file.fileName, params.file.content);
          notifications.send({ type: "notify.show", colour: "success", text: message("no.005") });
        },
      },
    }),
  );
  return <ReleasedRuleListActor.Provider logic={logic}>{children}</ReleasedRuleListActor.Provider>;
}
