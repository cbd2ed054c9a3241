import { createContext, type ReactNode, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import type { ApiClient } from "../../client/api.ts";
import { type CallHandling, type Routing, routeException, routeOutcome } from "../../client/errorRouting.ts";
import { clearLoginInfo } from "../../client/session.ts";
import { passSystemErrorReason } from "../../client/systemErrorReason.ts";
import type { CallRequest, CallResult, CallSpec } from "../../contract/call.ts";
import { PUBLIC_PATHS } from "../../contract/screens.ts";
import { currentPath, navigateTo } from "../navigation.ts";
import { applyRouting, type RoutingEffects } from "./applyRouting.ts";
import { NotificationsActor } from "./NotificationsActor.tsx";
import { createSessionEnd, type SessionEnd } from "./sessionEnd.ts";

/**
 * Runs a call and applies spec section 8 to its outcome (notifications, sign-out, navigation) before
 * handing the outcome to the machine that asked. The API actors every actor context provides use it.
 */
export type RunCall = <C extends CallSpec>(
  spec: C,
  payload: CallRequest<C> | undefined,
  handling?: CallHandling,
) => Promise<CallOutcome<CallResult<C>>>;

/** Runs a request that is not a JSON call (the CSV upload's multipart) with the same routing as run. */
export type RunRequest = <T>(
  send: () => Promise<CallOutcome<T>>,
  handling?: CallHandling,
) => Promise<CallOutcome<T>>;

interface CallRunnerValue {
  api: ApiClient;
  run: RunCall;
  runRequest: RunRequest;
  sessionEnd: SessionEnd;
}

const CallRunnerContext = createContext<CallRunnerValue | null>(null);

export function CallRunnerProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  const notifications = NotificationsActor.useActorRef();
  const { t } = useTranslation("messages");
  const [value] = useState<CallRunnerValue>(() => {
    const goToLogin = () => navigateTo(PUBLIC_PATHS.login);
    // The auth actor (AuthActor.tsx) listens; before it does, the stored login is dropped by hand.
    const sessionEnd = createSessionEnd(() => {
      clearLoginInfo();
      goToLogin();
    });
    const effects: RoutingEffects = {
      show: (colour, text) => notifications.send({ type: "notify.show", colour, text }),
      queue: (colour, text) => notifications.send({ type: "notify.queue", colour, text }),
      messageText: (no) => t(`no.${no}`),
      endSession: () => sessionEnd.end(),
      goToLogin,
      goToSystemError: (reason) => {
        passSystemErrorReason(reason, currentPath());
        navigateTo(PUBLIC_PATHS.systemError);
      },
    };
    const apply = (routing: Routing) => applyRouting(routing, effects);

    const runRequest: RunRequest = async (send, handling = {}) => {
      try {
        const outcome = await send();
        apply(routeOutcome(outcome, handling));
        return outcome;
      } catch (error) {
        apply(routeException(handling));
        throw error;
      }
    };
    const run: RunCall = (spec, payload, handling = {}) =>
      runRequest(
        () =>
          api.call(spec, payload, {
            background: handling.background === true,
            keepalive: handling.keepalive === true,
          }),
        handling,
      );
    return { api, run, runRequest, sessionEnd };
  });
  return <CallRunnerContext.Provider value={value}>{children}</CallRunnerContext.Provider>;
}

function useCallRunnerValue(): CallRunnerValue {
  const value = useContext(CallRunnerContext);
  if (!value) throw new Error("CallRunnerProvider is missing above this component");
  return value;
}

export const useRunCall = (): RunCall => useCallRunnerValue().run;
export const useRunRequest = (): RunRequest => useCallRunnerValue().runRequest;
export const useApiClient = (): ApiClient => useCallRunnerValue().api;
export const useSessionEnd = (): SessionEnd => useCallRunnerValue().sessionEnd;
