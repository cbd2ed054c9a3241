import type { ReactNode } from "react";
import { AuthActor } from "../actors/AuthActor.tsx";
import { useEnsurePermissions } from "../session/useEnsurePermissions.ts";
import { useSessionCheck } from "../session/useSessionCheck.ts";
import { useLoadSessionInfo } from "../session/useSessionInfo.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import { BusyOverlay } from "./BusyOverlay.tsx";
import { LeaveGuardProvider } from "./LeaveGuard.tsx";
import { Menu } from "./Menu.tsx";
import { TopBar } from "./TopBar.tsx";
import { TrialDisplay } from "./TrialDisplay.tsx";

/**
 * Pages that need a login (spec section 2): checks the stored login on every entry, loads the menu's
 * permissions and the session info, and renders nothing for a signed-out visitor, whom the auth
 * machine sends to /login.
 */
export function ProtectedLayout({ children }: { children: ReactNode }) {
  useSessionCheck();
  useEnsurePermissions();
  useLoadSessionInfo();
  const signedIn = AuthActor.useSelector((snapshot) => snapshot.matches("signedIn"));
  if (!signedIn) return null;
  return (
    <LeaveGuardProvider>
      <TopBar
        menu={<Menu />}
        signedInEnd={
          <>
            <TrialDisplay />
            <AccountMenu />
          </>
        }
      />
      <main className="page">
        {children}
        <BusyOverlay />
      </main>
    </LeaveGuardProvider>
  );
}
