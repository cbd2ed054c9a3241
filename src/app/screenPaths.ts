import { SCREEN_IDS, SCREENS, type ScreenId } from "../contract/screens.ts";

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A route pattern of SCREENS ("/keywordList/:category") as the router matches it: a `:name` segment
 * is any one non-empty segment, letter case does not count.
 */
const patternRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)))
      .join("/")}$`,
    "i",
  );

/** The protected screens of spec section 2 with their path patterns (screens without a path are dialogs). */
const PROTECTED_PATHS = SCREEN_IDS.flatMap((id) => {
  const path = SCREENS[id].path;
  return path === null ? [] : [{ id, pattern: patternRegExp(path) }];
});

/**
 * The protected screen at a path inside the base (its query aside), matched as the router matches its
 * routes: path parameters match one segment, letter case and one trailing slash do not count.
 */
export function protectedScreenAt(location: string): ScreenId | undefined {
  const path = (location.split("?")[0] ?? "").replace(/(.)\/$/, "$1");
  return PROTECTED_PATHS.find((screen) => screen.pattern.test(path))?.id;
}
