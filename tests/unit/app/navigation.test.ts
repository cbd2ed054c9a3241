import { describe, expect, it } from "vitest";
import { appUrl, followsInPlace, isPublicPath } from "../../../src/app/navigation.ts";
import { PUBLIC_PATHS, SCREENS } from "../../../src/contract/screens.ts";

describe("navigation (spec section 2)", () => {
  it("reloads on entry to every public route, with or without a query", () => {
    for (const path of Object.values(PUBLIC_PATHS)) expect(isPublicPath(path), path).toBe(true);
    expect(isPublicPath("/")).toBe(true);
    expect(isPublicPath("/PasswordChange?token=abc")).toBe(true);
  });

  it("navigates in the page to protected routes", () => {
    for (const { path } of Object.values(SCREENS)) if (path) expect(isPublicPath(path), path).toBe(false);
  });

  it("builds URLs under the base /v3", () => {
    expect(appUrl("/login")).toBe("/v3/login");
  });

  it("follows a link in place on a plain main-button click only", () => {
    const click = { ctrlKey: false, metaKey: false, shiftKey: false, button: 0 };
    expect(followsInPlace(click)).toBe(true);
    // New tab or window: left to the browser.
    expect(followsInPlace({ ...click, ctrlKey: true })).toBe(false);
    expect(followsInPlace({ ...click, metaKey: true })).toBe(false);
    expect(followsInPlace({ ...click, shiftKey: true })).toBe(false);
    expect(followsInPlace({ ...click, button: 1 })).toBe(false);
  });
});
