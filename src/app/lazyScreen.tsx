import i18next from "i18next";
import { type ComponentType, lazy, type ReactNode, useState } from "react";
import { passSystemErrorReason } from "../client/systemErrorReason.ts";
import { CHUNK_LOAD_TIMEOUT_MS } from "../contract/codes.ts";
import { PUBLIC_PATHS } from "../contract/screens.ts";
import { currentPath, navigateTo } from "./navigation.ts";
import { withTimeout } from "./withTimeout.ts";

/** A screen (or shell part) in a chunk of its own, which can be loaded before it is shown. */
export interface LazyScreen<P extends object = Record<string, never>> {
  (props: P): ReactNode;
  /**
   * Loads the chunk now, once, showing nothing; settles when it is loaded or has failed. A failure
   * is left to the screen's first showing, which tries again and reports it.
   */
  preload(): Promise<void>;
}

const Nothing = () => null;
const settled = (): void => undefined;

/**
 * A protected screen loaded with its group's chunk. `load` imports the group module (one dynamic
 * import per group, so the group's screens share one chunk) and `pick` takes this screen from it.
 * A chunk that fails or takes longer than CHUNK_LOAD_TIMEOUT_MS leads to the system error page.
 * The protected shell and the password screens are loaded the same way (with their props).
 *
 * A chunk already loaded (preload, or an earlier showing) renders at once. Only one still loading
 * suspends, and then React shows the Suspense fallback and holds the screen back until 300 ms after
 * the fallback appeared (its reveal throttle), however fast the chunk arrives.
 */
export function lazyScreen<M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyScreen<P> {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = (): Promise<M> => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Suspending = lazy(() =>
    withTimeout(loadOnce(), CHUNK_LOAD_TIMEOUT_MS, "screen chunk").then(
      (module) => ({ default: pick(module) }),
      () => {
        passSystemErrorReason({ kind: "other", message: i18next.t("system:chunkFailed") }, currentPath());
        navigateTo(PUBLIC_PATHS.systemError);
        return { default: Nothing };
      },
    ),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module level, as React's lazy is
  const Screen = (props: P): ReactNode => {
    // Chosen once per mount: switching from the lazy element to the loaded one would remount the screen.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  };
  Screen.preload = (): Promise<void> => loadOnce().then(settled, settled);
  return Screen;
}
