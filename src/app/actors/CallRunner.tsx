import { createContext, type ReactNode, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import type { ApiClient } from "../../client/api.ts";
import {
  type CallHandling,
  type Notice,
  type Routing,
  routeException,
  routeOutcome,
} from "../../client/errorRouting.ts";
import { clearLoginInfo } from "../../client/session.ts";
import { passSystemErrorReason } from "../../client/systemErrorReason.ts";
import type { CallRequest, CallResult, CallSpec } from "../../contract/call.ts";
import { PUBLIC_PATHS } from "../../contract/screens.ts";
import { currentPath, navigateTo } from "../navigation.ts";
import { NotificationsActor } from "./NotificationsActor.tsx";

/**
 * Runs a call and applies spec section 8 to its outcome (notifications, sign-out, navigation) before
 * handing the outcome to the machine that asked. The API actors every actor context provides use it.
 */
export type RunCall = <C extends CallSpec>(
  spec: C,
  payload: CallRequest<C> | undefined,
  handling?: CallHandling,
) => Promise<CallOutcome<CallResult<C>>>;

interface CallRunnerValue {
  api: ApiClient;
  run: RunCall;
}

const CallRunnerContext = createContext<CallRunnerValue | null>(null);

export function CallRunnerProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  const notifications = NotificationsActor.useActorRef();
  const { t } = useTranslation("messages");
  const [value] = useState<CallRunnerValue>(() => {
    const text = (notice: Notice): string =>
      "messageNo" in notice
        ? t(`no.${notice.messageNo}`)
        : notice.code
          ? `${notice.code}\n${notice.text}`
          : notice.text;

    // Queued notices go to session storage before a navigation that reloads the page.
    const apply = (routing: Routing) => {
      for (const notice of routing.show)
        notifications.send({ type: "notify.show", colour: notice.colour, text: text(notice) });
      for (const notice of routing.queue)
        notifications.send({ type: "notify.queue", colour: notice.colour, text: text(notice) });
      if (routing.signOut) clearLoginInfo();
      if (routing.go?.to === "login") navigateTo(PUBLIC_PATHS.login);
      if (routing.go?.to === "systemError") {
        passSystemErrorReason(routing.go.reason, currentPath());
        navigateTo(PUBLIC_PATHS.systemError);
      }
    };

    const run: RunCall = async (spec, payload, handling = {}) => {
      try {
        const outcome = await api.call(spec, payload);
        apply(routeOutcome(outcome, handling));
        return outcome;
      } catch (error) {
        apply(routeException(handling));
        throw error;
      }
    };
    return { api, run };
  });
  return <CallRunnerContext.Provider value={value}>{children}</CallRunnerContext.Provider>;
}

function useCallRunnerValue(): CallRunnerValue {
  const value = useContext(CallRunnerContext);
  if (!value) throw new Error("CallRunnerProvider is missing above this component");
  return value;
}

export const useRunCall = (): RunCall => useCallRunnerValue().run;
export const useApiClient = (): ApiClient => useCallRunnerValue().api;
