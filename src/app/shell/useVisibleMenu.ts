import { useMemo } from "react";
import { MENU, type MenuItem, visibleMenu } from "../../contract/menu.ts";
import { MenuPermissionsActor } from "../actors/MenuPermissionsActor.tsx";
import { IMPLEMENTED_SCREENS } from "../implementedScreens.ts";

/** The menu this operator sees: implemented screens whose permission is not "none" (spec section 2). */
export function useVisibleMenu(items: readonly MenuItem[] = MENU): MenuItem[] {
  const permissions = MenuPermissionsActor.useSelector((snapshot) => snapshot.context.permissions);
  return useMemo(
    () => visibleMenu(items, new Map(Object.entries(permissions)), IMPLEMENTED_SCREENS),
    [items, permissions],
  );
}
