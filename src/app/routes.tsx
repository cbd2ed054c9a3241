import { Suspense, useEffect } from "react";
import { Route, Switch, useLocation, useSearch } from "wouter";
import { PUBLIC_PATHS } from "../contract/screens.ts";
import { LoginScreen } from "./features/auth/LoginScreen.tsx";
import { NoPageScreen } from "./features/system/NoPageScreen.tsx";
import { SystemErrorScreen } from "./features/system/SystemErrorScreen.tsx";
import { lazyScreen } from "./lazyScreen.tsx";
import { navigateTo } from "./navigation.ts";
import { ProtectedRoute } from "./routeChunks.ts";
import { protectedScreenAt } from "./screenPaths.ts";
import { PublicLayout } from "./shell/PublicLayout.tsx";
import { Loading } from "./ui/Loading.tsx";

// Lazy chunks, so that /login loads only what it shows: the password screens (with their date
// formatting) and, in routeChunks.ts, the signed-in shell.
const PasswordChangeRequestScreen = lazyScreen(
  () => import("./features/auth/PasswordChangeRequestScreen.tsx"),
  (m) => m.PasswordChangeRequestScreen,
);
const PasswordChangeScreen = lazyScreen(
  () => import("./features/auth/PasswordChangeScreen.tsx"),
  (m) => m.PasswordChangeScreen,
);

/** What a page shows while its chunk loads: the main region with a level-one "Loading" heading. */
const chunkLoading = (
  <main className="page">
    <Loading heading />
  </main>
);

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
          <Suspense fallback={<Loading heading />}>
            <PasswordChangeRequestScreen />
          </Suspense>
        </PublicLayout>
      </Route>
      <Route path={PUBLIC_PATHS.passwordChange}>
        <PublicLayout>
          <Suspense fallback={<Loading heading />}>
            <PasswordChangeRoute />
          </Suspense>
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
      <Route>
        <ProtectedOrMissing />
      </Route>
    </Switch>
  );
}

/**
 * Every path the public routes do not take: a protected screen's, which needs a login first
 * (signed out -> /login) and then shows the screen if this build has it (screenRegistry.ts), or
 * an unknown one (/nopage). One element for all protected screens, so the signed-in shell (top bar,
 * menu, session checks) stays mounted from one screen to the next and only the screen changes.
 */
function ProtectedOrMissing() {
  const [location] = useLocation();
  const id = protectedScreenAt(location);
  if (id === undefined) return <GoToNoPage />;
  return (
    <Suspense fallback={chunkLoading}>
      <ProtectedRoute id={id} />
    </Suspense>
  );
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
