import { useEffect } from "react";
import { firstMenuPath, MENU } from "../../contract/menu.ts";
import { AuthActor } from "../actors/AuthActor.tsx";
import { MenuPermissionsActor } from "../actors/MenuPermissionsActor.tsx";
import { currentPath, navigateTo } from "../navigation.ts";
import { preloadRoute } from "../routeChunks.ts";
import { useVisibleMenu } from "../shell/useVisibleMenu.ts";
import { passLoginNotice } from "./loginNotice.ts";
import { forgetLoginReturn, loginReturnFor } from "./loginReturn.ts";
import { useEnsurePermissions } from "./useEnsurePermissions.ts";

/**
 * On the login routes, a signed-in operator moves on once the permissions are known: to the screen
 * the login interrupted (loginReturn.ts), else the first screen of their menu; a role that opens no screen at all is signed out with a notice.
 */
export function useLanding(): void {
  useEnsurePermissions();
  const auth = AuthActor.useActorRef();
  const active = AuthActor.useSelector((snapshot) => snapshot.matches({ signedIn: "active" }));
  const ready = MenuPermissionsActor.useSelector((snapshot) => snapshot.matches("ready"));
  const menu = useVisibleMenu(MENU);

  useEffect(() => {
    if (!active || !ready) return;
    const first = firstMenuPath(menu);
    if (first) {
      // Back to the screen the login interrupted, when there was one this operator may open.
      const path = loginReturnFor(menu) ?? first;
      // The login page stays until the first screen's chunks are here, which then shows at once.
      let current = true;
      void preloadRoute(path).then(() => {
        if (!current) return;
        forgetLoginReturn();
        navigateTo(path, { replace: true });
      });
      return () => {
        current = false;
      };
    }
    forgetLoginReturn();
    passLoginNotice("noScreen", currentPath());
    auth.send({ type: "logout.confirmed" });
  }, [active, ready, menu, auth]);
}
