import { useEffect } from "react";
import { useLocation } from "wouter";
import { readLoginInfo } from "../../client/session.ts";
import { AuthActor } from "../actors/AuthActor.tsx";

/**
 * Spec section 4's restore rule on every protected route: the auth machine compares the stored login
 * info with the one in memory (another tab may have signed out or in as someone else) and sends the
 * operator to login when they differ or nothing usable is stored.
 */
export function useSessionCheck(): void {
  const auth = AuthActor.useActorRef();
  const restoring = AuthActor.useSelector((snapshot) => snapshot.matches("restoring"));
  const [location] = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every entry to a protected route (a new location) is checked
  useEffect(() => {
    if (!restoring) auth.send({ type: "session.check", stored: readLoginInfo() });
  }, [auth, restoring, location]);

  useEffect(() => {
    const onStorage = () => auth.send({ type: "session.check", stored: readLoginInfo() });
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [auth]);
}
