import { useEffect } from "react";
import { Route, Switch, useSearch } from "wouter";
import { PUBLIC_PATHS, SCREEN_IDS, SCREENS } from "../contract/screens.ts";
import { navigateTo } from "./navigation.ts";
import { LoginScreen } from "./screens/auth/LoginScreen.tsx";
import { PasswordChangeRequestScreen } from "./screens/auth/PasswordChangeRequestScreen.tsx";
import { PasswordChangeScreen } from "./screens/auth/PasswordChangeScreen.tsx";
import { NoPageScreen } from "./screens/system/NoPageScreen.tsx";
import { SystemErrorScreen } from "./screens/system/SystemErrorScreen.tsx";
import { ProtectedLayout } from "./shell/ProtectedLayout.tsx";
import { ProtectedScreen } from "./shell/ProtectedScreen.tsx";
import { PublicLayout } from "./shell/PublicLayout.tsx";

/** "/" and "/LoginInput" show the login screen as "/login" does (spec section 2). */
const LOGIN_PATHS = ["/", PUBLIC_PATHS.loginInput, PUBLIC_PATHS.login] as const;

/**
 * Every route of the console under the base /v3 (spec section 2); anything else is /nopage.
 */
export function AppRoutes() {
  return (
    <Switch>
      {LOGIN_PATHS.map((path) => (
        <Route key={path} path={path}>
          <PublicLayout>
            <LoginScreen />
          </PublicLayout>
        </Route>
      ))}
      <Route path={PUBLIC_PATHS.passwordChangeRequest}>
        <PublicLayout>
          <PasswordChangeRequestScreen />
        </PublicLayout>
      </Route>
      <Route path={PUBLIC_PATHS.passwordChange}>
        <PublicLayout>
          <PasswordChangeRoute />
        </PublicLayout>
      </Route>
      <Route path={PUBLIC_PATHS.noPage}>
        <PublicLayout>
          <NoPageScreen />
        </PublicLayout>
      </Route>
      <Route path={PUBLIC_PATHS.systemError}>
        <PublicLayout>
          <SystemErrorScreen />
        </PublicLayout>
      </Route>
      {protectedRoutes()}
      <Route>
        <GoToNoPage />
      </Route>
    </Switch>
  );
}

/**
 * Every protected path of spec section 2 needs a login first (signed out -> /login); a signed-in
 * operator then gets the screen if this build has it (screenRegistry.ts), else /nopage.
 */
function protectedRoutes() {
  return SCREEN_IDS.flatMap((id) => {
    const path = SCREENS[id].path;
    if (path === null) return [];
    return [
      <Route key={id} path={path}>
        <ProtectedLayout>
          <ProtectedScreen id={id} />
        </ProtectedLayout>
      </Route>,
    ];
  });
}

/** Unknown paths: /nopage, with the full page load every public route gets on entry. */
function GoToNoPage() {
  useEffect(() => navigateTo(PUBLIC_PATHS.noPage, { replace: true }), []);
  return null;
}

/** The e-mailed URL carries the reset token as ?token=. */
function PasswordChangeRoute() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  return <PasswordChangeScreen token={token} />;
}
