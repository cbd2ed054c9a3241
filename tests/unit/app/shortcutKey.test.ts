import { describe, expect, it } from "vitest";
import { type KeyPress, type PressContext, shortcutKey } from "../../../src/app/shortcuts/shortcutKey.ts";

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  isComposing: false,
  defaultPrevented: false,
  ...more,
});
const onPage: PressContext = { inField: false, dialogOpen: false };

describe("shortcutKey", () => {
  it.each(["j", "n", "/", "?"])("takes %s pressed on the page", (key) => {
    expect(shortcutKey(press(key), onPage)).toBe(key);
  });

  it.each([
    ["Ctrl", { ctrlKey: true }],
    ["Alt", { altKey: true }],
    ["Meta", { metaKey: true }],
    ["IME composition", { isComposing: true }],
    ["an event already handled", { defaultPrevented: true }],
  ] as const)("leaves %s alone", (_name, more) => {
    expect(shortcutKey(press("n", more), onPage)).toBeNull();
  });

  it("leaves keys typed into a field or pressed in a dialog alone", () => {
    expect(shortcutKey(press("n"), { inField: true, dialogOpen: false })).toBeNull();
    expect(shortcutKey(press("n"), { inField: false, dialogOpen: true })).toBeNull();
  });

  it("is a single character: named keys and the IME's Process are not shortcuts", () => {
    for (const key of ["Enter", "Escape", "ArrowDown", "Process", "Dead"])
      expect(shortcutKey(press(key), onPage)).toBeNull();
  });

  it("keeps Shift, which ? needs, and tells a capital from its letter", () => {
    expect(shortcutKey(press("?", {}), onPage)).toBe("?");
    expect(shortcutKey(press("N"), onPage)).toBe("N");
  });
});
