import { createActorContext } from "@xstate/react";
import { type ReactNode, useEffect, useState } from "react";
import { fromPromise } from "xstate";
import { authMachine, type LoginCredentials } from "../../../machines/auth/authMachine.ts";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import { clearLoginInfo, readLoginInfo, writeLoginInfo } from "../../client/session.ts";
import { clearTransitExcept } from "../../client/transit.ts";
import { login, logout } from "../../contract/auth.ts";
import { signedInScreenIds } from "../../contract/menu.ts";
import { PUBLIC_PATHS } from "../../contract/screens.ts";
import { currentPath, navigateTo } from "../navigation.ts";
import { LOGIN_NOTICE_DESTINATION } from "../session/loginNotice.ts";
import { rememberLoginReturn } from "../session/loginReturn.ts";
import { useRunCall, useSessionEnd } from "./CallRunner.tsx";
import { MenuPermissionsActor } from "./MenuPermissionsActor.tsx";

/** Sign-in and sign-out (spec sections 3 and 4), with the login info kept in localStorage. */
export const AuthActor = createActorContext(authMachine);

export function AuthProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const permissions = MenuPermissionsActor.useActorRef();
  const [logic] = useState(() =>
    authMachine.provide({
      actors: {
        readStoredLogin: fromPromise(async () => readLoginInfo()),
        // 903 and validation refusals are shown by the login screen itself.
        login: fromPromise(({ input }: { input: LoginCredentials }) =>
          run(login, input, { manual: true, reportUnexpected: true }),
        ),
        // The machine signs out whatever the answer: nothing to show or route here. What the screens
        // handed on goes with the session, whatever the answer (the login screen's notice stays).
        logout: fromPromise<CallOutcome<unknown>>(async () => {
          try {
            return await run(logout, undefined, { manual: true, suppressMessages: true });
          } finally {
            clearTransitExcept([LOGIN_NOTICE_DESTINATION]);
          }
        }),
      },
      actions: {
        storeLogin: (_, params) => writeLoginInfo(params.loginInfo),
        clearStoredLogin: () => clearLoginInfo(),
        goToLogin: ({ event }) => {
          // No session on a protected screen (not a sign-out, nor another operator's login in another
          // tab): signing in again returns there.
          const noLogin =
            event.type === "session.expired" ||
            (event.type === "session.check" && !(event.stored?.loginToken && event.stored.loginOperator));
          if (noLogin) rememberLoginReturn(`${currentPath()}${window.location.search}`);
          navigateTo(PUBLIC_PATHS.login);
        },
        // Landing needs this operator's menu; LandingRedirect navigates once it is known.
        goToLanding: () => permissions.send({ type: "permissions.load", screenIds: signedInScreenIds() }),
      },
    }),
  );
  return (
    <AuthActor.Provider logic={logic}>
      <SessionExpiry />
      {children}
    </AuthActor.Provider>
  );
}

/** A call found the session gone (spec section 8): the machine signs out and goes to /login. */
function SessionExpiry() {
  const auth = AuthActor.useActorRef();
  const sessionEnd = useSessionEnd();
  useEffect(() => sessionEnd.subscribe(() => auth.send({ type: "session.expired" })), [auth, sessionEnd]);
  return null;
}
