import { useEffect } from "react";
import { signedInScreenIds } from "../../contract/menu.ts";
import { MenuPermissionsActor } from "../actors/MenuPermissionsActor.tsx";
import { AuthActor } from "../features/auth/AuthActor.tsx";

/** Loads the menu's (and its screens' controls') permissions once signed in (a reload restores the login, not the permissions). */
export function useEnsurePermissions(): void {
  const signedIn = AuthActor.useSelector((snapshot) => snapshot.matches("signedIn"));
  const idle = MenuPermissionsActor.useSelector((snapshot) => snapshot.matches("idle"));
  const permissions = MenuPermissionsActor.useActorRef();
  useEffect(() => {
    if (signedIn && idle) permissions.send({ type: "permissions.load", screenIds: signedInScreenIds() });
  }, [signedIn, idle, permissions]);
}
