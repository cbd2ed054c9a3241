import { useEffect, useState } from "react";
import { PERMISSION, type Permission } from "../../contract/codes.ts";
import { screenPermissionList } from "../../contract/permissions.ts";
import type { ScreenId } from "../../contract/screens.ts";
import { useRunCall } from "../actors/CallRunner.tsx";

// A refusal or failure only leaves the control out (the server judges the call itself anyway).
const QUIET = { manual: true, reportUnexpected: true } as const;

/**
 * The signed-in operator's permission for a screen ID the menu does not ask for (an event dialog's,
 * spec section 6): null until it arrives, "not available" when it cannot be read.
 */
export function useScreenPermission(screenId: ScreenId): Permission | null {
  const run = useRunCall();
  const [permission, setPermission] = useState<Permission | null>(null);
  useEffect(() => {
    let live = true;
    run(screenPermissionList, { screenIds: [screenId] }, QUIET)
      .then((outcome) => {
        const found = outcome.ok
          ? outcome.result.screenPermissions.find((entry) => entry.screenId === screenId)
          : undefined;
        if (live) setPermission(found?.permission ?? PERMISSION.none);
      })
      .catch(() => {
        if (live) setPermission(PERMISSION.none);
      });
    return () => {
      live = false;
    };
  }, [run, screenId]);
  return permission;
}
