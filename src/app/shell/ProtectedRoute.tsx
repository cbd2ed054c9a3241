import type { ScreenId } from "../../contract/screens.ts";
import { ProtectedLayout } from "./ProtectedLayout.tsx";
import { ProtectedScreen } from "./ProtectedScreen.tsx";
import { usePreloadScreens } from "./usePreloadScreens.ts";

/**
 * A protected route: the signed-in shell (top bar with menu, trial and account menu) around the
 * screen. routes.tsx loads this module lazily, so the public pages never load the shell.
 */
export function ProtectedRoute({ id }: { id: ScreenId }) {
  usePreloadScreens();
  return (
    <ProtectedLayout>
      <ProtectedScreen id={id} />
    </ProtectedLayout>
  );
}
