import { Suspense } from "react";
import { Redirect, Route, Switch, useSearch } from "wouter";
import { PUBLIC_PATHS, SCREENS } from "../contract/screens.ts";
import { IMPLEMENTED_SCREENS, SCREEN_COMPONENTS } from "./screenRegistry.ts";
import { LoginScreen } from "./screens/auth/LoginScreen.tsx";
import { PasswordChangeRequestScreen } from "./screens/auth/PasswordChangeRequestScreen.tsx";
import { PasswordChangeScreen } from "./screens/auth/PasswordChangeScreen.tsx";
import { NoPageScreen } from "./screens/system/NoPageScreen.tsx";
import { SystemErrorScreen } from "./screens/system/SystemErrorScreen.tsx";
import { ProtectedLayout } from "./shell/ProtectedLayout.tsx";
import { PublicLayout } from "./shell/PublicLayout.tsx";
import { Loading } from "./ui/Loading.tsx";

/** "/" and "/LoginInput" show the login screen as "/login" does (spec section 2). */
const LOGIN_PATHS = ["/", PUBLIC_PATHS.loginInput, PUBLIC_PATHS.login] as const;

/**
 * Every route of the console under the base /v3 (spec section 2). Protected routes come from the
 * registry of implemented screens; anything else is /nopage.
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
        <Redirect to={PUBLIC_PATHS.noPage} replace />
      </Route>
    </Switch>
  );
}

function protectedRoutes() {
  return [...IMPLEMENTED_SCREENS].flatMap((id) => {
    const path = SCREENS[id].path;
    const Screen = SCREEN_COMPONENTS[id];
    if (path === null || !Screen) return [];
    return [
      <Route key={id} path={path}>
        <ProtectedLayout>
          <Suspense fallback={<Loading />}>
            <Screen />
          </Suspense>
        </ProtectedLayout>
      </Route>,
    ];
  });
}

/** The e-mailed URL carries the reset token as ?token=. */
function PasswordChangeRoute() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  return <PasswordChangeScreen token={token} />;
}
