import { Suspense, useState } from "react";
import { ConfirmDialogActor } from "../actors/ConfirmDialogActor.tsx";
import { lazyScreen } from "../lazyScreen.tsx";

// The dialog's Radix parts (focus trap, scroll lock, portal) are a chunk of their own, loaded on the
// first question (or, signed in, when the browser is idle: usePreloadScreens), so pages that never
// ask one (the login page) do not load them.
export const ConfirmDialog = lazyScreen(
  () => import("./ConfirmDialog.tsx"),
  (m) => m.ConfirmDialog,
);

/** Mounts the confirmation dialog once it is first opened, and keeps it mounted from then on. */
export function ConfirmDialogHost() {
  const open = ConfirmDialogActor.useSelector((snapshot) => !snapshot.matches("closed"));
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog />
    </Suspense>
  );
}
