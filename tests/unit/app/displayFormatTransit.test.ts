import { describe, expect, it } from "vitest";
import {
  DISPLAY_FORMAT_EDIT_PATH,
  displayFormatReturnUrl,
  rememberReturnForDisplayFormat,
} from "../../../src/app/features/event/displayFormat/displayFormatTransit.ts";
import { getTransit } from "../../../src/client/transit.ts";
import { memoryStorage } from "../client/memoryStorage.ts";

describe("display format transit", () => {
  it("goes back to the detail that opened the screen, named as the referrer", () => {
    const storage = memoryStorage();
    rememberReturnForDisplayFormat("/EventDetail?eventId=EV123", storage);
    expect(getTransit(DISPLAY_FORMAT_EDIT_PATH, storage)).toEqual({
      referrer: "/EventDetail",
      data: { returnUrl: "/EventDetail?eventId=EV123" },
    });
    expect(displayFormatReturnUrl(storage)).toBe("/EventDetail?eventId=EV123");
  });

  it("goes to the event list without an entry", () => {
    expect(displayFormatReturnUrl(memoryStorage())).toBe("/EventList");
  });

  it("never leaves the app: another origin, a script URL or a malformed entry goes to the event list", () => {
    for (const returnUrl of [
      "//evil.example/x",
      "https://evil.example",
      "javascript:alert(1)",
      "/\\evil",
      "",
    ]) {
      const storage = memoryStorage();
      rememberReturnForDisplayFormat(returnUrl, storage);
      expect(displayFormatReturnUrl(storage), returnUrl).toBe("/EventList");
    }
    const garbled = memoryStorage({
      "fraudConsole.transit": JSON.stringify({ [DISPLAY_FORMAT_EDIT_PATH]: { referrer: "/x", data: 42 } }),
    });
    expect(displayFormatReturnUrl(garbled)).toBe("/EventList");
  });
});
