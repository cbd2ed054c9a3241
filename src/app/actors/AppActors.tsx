import type { ReactNode } from "react";
import type { ApiClient } from "../../client/api.ts";
import { AuthProvider } from "./AuthActor.tsx";
import { CallRunnerProvider } from "./CallRunner.tsx";
import { ConfirmDialogProvider } from "./ConfirmDialogActor.tsx";
import { MenuPermissionsProvider } from "./MenuPermissionsActor.tsx";
import { NotificationsProvider } from "./NotificationsActor.tsx";
import { SessionInfoProvider } from "./SessionInfoActor.tsx";

/**
 * The app-level actors, outermost first: each one's provided actions may use the ones above it
 * (calls notify; signing in loads the menu's permissions).
 */
export function AppActors({ api, children }: { api: ApiClient; children: ReactNode }) {
  return (
    <NotificationsProvider>
      <CallRunnerProvider api={api}>
        <ConfirmDialogProvider>
          <MenuPermissionsProvider>
            <AuthProvider>
              <SessionInfoProvider>{children}</SessionInfoProvider>
            </AuthProvider>
          </MenuPermissionsProvider>
        </ConfirmDialogProvider>
      </CallRunnerProvider>
    </NotificationsProvider>
  );
}
