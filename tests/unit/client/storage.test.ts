import { describe, expect, it } from "vitest";
import { LOGIN_NOTICE_DESTINATION, readLoginNotice } from "../../../src/app/session/loginNotice.ts";
import {
  clearNotificationQueue,
  readNotificationQueue,
  writeNotificationQueue,
} from "../../../src/client/notificationQueue.ts";
import {
  clearLoginInfo,
  isLoggedIn,
  readLastEnvironment,
  readLoginInfo,
  writeLoginInfo,
} from "../../../src/client/session.ts";
import { clearTransit, clearTransitExcept, getTransit, setTransit } from "../../../src/client/transit.ts";
import { type LoginInfo, PRODUCT_KEY } from "../../../src/contract/auth.ts";
import { memoryStorage } from "./memoryStorage.ts";

const info: LoginInfo = {
  loginToken: "t",
  loginOperator: { operatorId: "1", contractDiv: "20", companyId: "c", companyName: "C", operatorName: "O" },
  environment: "PRD",
};

describe("session (login info in localStorage under PRODUCT_KEY)", () => {
  it("writes, reads and clears the login info", () => {
    const storage = memoryStorage();
    writeLoginInfo(info, storage);
    expect(storage.data.has(PRODUCT_KEY)).toBe(true);
    expect(readLoginInfo(storage)).toEqual(info);
    clearLoginInfo(storage);
    expect(readLoginInfo(storage)).toBeNull();
    expect(readLastEnvironment(storage)).toBe("PRD");
  });

  it("reads a corrupt or foreign value as signed out", () => {
    expect(readLoginInfo(memoryStorage({ [PRODUCT_KEY]: "{not json" }))).toBeNull();
    expect(readLoginInfo(memoryStorage({ [PRODUCT_KEY]: JSON.stringify({ loginToken: 1 }) }))).toBeNull();
  });

  it("is logged in only with a token and an operator", () => {
    expect(isLoggedIn(info)).toBe(true);
    expect(isLoggedIn({ ...info, loginToken: "" })).toBe(false);
    expect(isLoggedIn({ ...info, loginOperator: null })).toBe(false);
    expect(isLoggedIn(null)).toBe(false);
  });
});

describe("transit (page-transition data per destination)", () => {
  it("keeps one entry per destination with its referrer, and clears one or all", () => {
    const storage = memoryStorage();
    setTransit("EventDetail", { eventId: "E1" }, "/EventList", storage);
    setTransit("SystemError", { kind: "api" }, "/EventDetail", storage);
    expect(getTransit("EventDetail", storage)).toEqual({ referrer: "/EventList", data: { eventId: "E1" } });
    clearTransit("EventDetail", storage);
    expect(getTransit("EventDetail", storage)).toBeNull();
    expect(getTransit("SystemError", storage)?.referrer).toBe("/EventDetail");
    clearTransit(undefined, storage);
    expect(getTransit("SystemError", storage)).toBeNull();
  });

  it("clears all but the named entries (a sign-out keeps only the login screen's notice)", () => {
    const storage = memoryStorage();
    setTransit("/EventDetail", { search: { tel: "090-1234-5678" } }, "/EventList", storage);
    setTransit("LoginReturn", "/EventList?mode=0", "/EventList?mode=0", storage);
    setTransit(LOGIN_NOTICE_DESTINATION, "noScreen", "/login", storage);
    clearTransitExcept([LOGIN_NOTICE_DESTINATION], storage);
    expect(getTransit("/EventDetail", storage)).toBeNull();
    expect(getTransit("LoginReturn", storage)).toBeNull();
    expect(readLoginNotice(storage)).toBe("noScreen");
    clearTransitExcept([LOGIN_NOTICE_DESTINATION], storage);
    expect(readLoginNotice(storage)).toBe("noScreen");
    clearTransitExcept([], storage);
    expect(storage.getItem(`${PRODUCT_KEY}.transit`)).toBeNull();
  });
});

describe("notification queue (sessionStorage)", () => {
  it("round-trips queued notifications and drops a corrupt queue", () => {
    const storage = memoryStorage();
    writeNotificationQueue([{ colour: "success", text: "done" }], storage);
    expect(readNotificationQueue(storage)).toEqual([{ colour: "success", text: "done" }]);
    clearNotificationQueue(storage);
    expect(readNotificationQueue(storage)).toEqual([]);
    expect(readNotificationQueue(memoryStorage({ [`${PRODUCT_KEY}.notifications`]: "[{]" }))).toEqual([]);
  });
});
