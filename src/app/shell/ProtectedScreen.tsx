import { Suspense, useEffect } from "react";
import { passSystemErrorReason } from "../../client/systemErrorReason.ts";
import { PERMISSION } from "../../contract/codes.ts";
import { menuScreenIds } from "../../contract/menu.ts";
import { PUBLIC_PATHS, type ScreenId } from "../../contract/screens.ts";
import { MenuPermissionsActor } from "../actors/MenuPermissionsActor.tsx";
import { currentPath, navigateTo } from "../navigation.ts";
import { SCREEN_COMPONENTS } from "../screenRegistry.ts";
import { Loading } from "../ui/Loading.tsx";

const MENU_SCREENS: ReadonlySet<string> = new Set(menuScreenIds());

/**
 * One protected route once the login is confirmed: a screen not in this build is "not found"; a menu
 * screen the role may not open is "forbidden" (962); otherwise the screen's lazy chunk. Screens outside
 * the menu are checked by the server on their calls.
 */
export function ProtectedScreen({ id }: { id: ScreenId }) {
  const Screen = SCREEN_COMPONENTS[id];
  const forbidden = MenuPermissionsActor.useSelector(
    (snapshot) =>
      snapshot.matches("ready") &&
      MENU_SCREENS.has(id) &&
      (snapshot.context.permissions[id] ?? PERMISSION.none) === PERMISSION.none,
  );
  const settled = MenuPermissionsActor.useSelector((snapshot) => snapshot.matches("ready"));

  useEffect(() => {
    if (!Screen) {
      navigateTo(PUBLIC_PATHS.noPage, { replace: true });
    } else if (forbidden) {
      passSystemErrorReason({ kind: "forbidden" }, currentPath());
      navigateTo(PUBLIC_PATHS.systemError, { replace: true });
    }
  }, [Screen, forbidden]);

  if (!Screen || forbidden || !settled) return <Loading heading />;
  // Keyed by screen: the shell stays from one screen to the next (routes.tsx), and a boundary of its
  // own makes leaving a screen unmount it at once, effects and all (a beforeunload question, say),
  // rather than keep it hidden until the next screen's chunk has loaded.
  return (
    <Suspense key={id} fallback={<Loading heading />}>
      <Screen />
    </Suspense>
  );
}
