import i18next from "i18next";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { passSystemErrorReason } from "../client/systemErrorReason.ts";
import { CHUNK_LOAD_TIMEOUT_MS } from "../contract/codes.ts";
import { PUBLIC_PATHS } from "../contract/screens.ts";
import { currentPath, navigateTo } from "./navigation.ts";
import { withTimeout } from "./withTimeout.ts";

export type LazyScreen = LazyExoticComponent<ComponentType>;

const Nothing = () => null;

/**
 * A protected screen loaded with its group's chunk. `load` imports the group module (one dynamic
 * import per group, so the group's screens share one chunk) and `pick` takes this screen from it.
 * A chunk that fails or takes longer than CHUNK_LOAD_TIMEOUT_MS leads to the system error page.
 * The protected shell and the password screens are loaded the same way (with their props).
 */
export function lazyScreen<M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS, "screen chunk").then(
      (module) => ({ default: pick(module) }),
      () => {
        passSystemErrorReason({ kind: "other", message: i18next.t("system:chunkFailed") }, currentPath());
        navigateTo(PUBLIC_PATHS.systemError);
        return { default: Nothing };
      },
    ),
  );
}
