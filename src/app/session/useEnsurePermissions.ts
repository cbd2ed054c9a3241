import { useEffect } from "react";
import { signedInScreenIds } from "../../contract/menu.ts";
import { AuthActor } from "../actors/AuthActor.tsx";
import { MenuPermissionsActor } from "../actors/MenuPermissionsActor.tsx";

/** Loads the menu's (and its screens' controls') permissions once signed in (a reload restores the login, not the permissions). */
export function useEnsurePermissions(): void {
  const signedIn = AuthActor.useSelector((snapshot) => snapshot.matches("signedIn"));
  const idle = MenuPermissionsActor.useSelector((snapshot) => snapshot.matches("idle"));
  const permissions = MenuPermissionsActor.useActorRef();
  useEffect(() => {
    if (signedIn && idle) permissions.send({ type: "permissions.load", screenIds: signedInScreenIds() });
  }, [signedIn, idle, permissions]);
}
