import { describe, expect, it } from "vitest";
import { PERMISSION, type Permission } from "../../../src/contract/codes.ts";
import {
  firstMenuPath,
  MENU,
  type MenuItem,
  menuScreenIds,
  signedInScreenIds,
  visibleMenu,
} from "../../../src/contract/menu.ts";
import { SCREEN_IDS, SCREENS, type ScreenGroup, type ScreenId } from "../../../src/contract/screens.ts";

const ALL = new Set<ScreenId>(SCREEN_IDS);

/** One permission per screen ID, chosen by the screen's group (the demo roles of docs/architecture.md). */
const role = (byGroup: (group: ScreenGroup) => Permission) =>
  new Map<string, Permission>(SCREEN_IDS.map((id) => [id, byGroup(SCREENS[id].group)]));

const administrator = role(() => PERMISSION.writable);
const viewer = role((g) => (g === "admin" ? PERMISSION.none : PERMISSION.readable));
const reviewer = role((g) =>
  g === "admin"
    ? PERMISSION.none
    : ["rule", "keyword", "apiInfo"].includes(g)
      ? PERMISSION.readable
      : PERMISSION.writable,
);
const only = (...ids: ScreenId[]) => new Map<string, Permission>(ids.map((id) => [id, PERMISSION.readable]));

const ids = (items: readonly MenuItem[]): string[] => items.map((i) => i.menuId);
const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((i) => (i.children ? leaves(i.children) : [i]));
const group = (items: readonly MenuItem[], menuId: string) => items.find((i) => i.menuId === menuId);

describe("MENU (spec section 2)", () => {
  it("has the top menu in the spec's order", () => {
    expect(ids(MENU)).toEqual(["event", "report", "csv", "negative", "white", "conditions", "admin"]);
    expect(leaves(MENU).map((l) => l.path)).toEqual([
      "/EventList",
      "/EventReportNegative",
      "/CsvAuthoriHistory",
      "/NegativeList",
      "/white",
      "/releasedRuleList",
      "/keywordCategoryList",
      "/apiConnectionInfo",
      "/OperatorList",
      "/OperatorRoleList",
      "/AllowedIpAddress",
      "/AuditLog",
    ]);
  });

  it("links each leaf to the route of its screen", () => {
    for (const l of leaves(MENU)) {
      expect(l.screenId, l.menuId).toBeDefined();
      if (l.screenId) expect(l.path).toBe(SCREENS[l.screenId].path);
    }
  });

  it("puts the administration screens in the admin group", () => {
    const admin = group(MENU, "admin");
    expect(admin?.children?.map((c) => c.screenId)).toEqual([
      "OperatorList",
      "OperatorRoleList",
      "AllowedIpAddress",
      "AuditLog",
    ]);
    for (const c of admin?.children ?? []) expect(c.screenId && SCREENS[c.screenId].group).toBe("admin");
  });

  it("disables the Event entry by default and no other", () => {
    expect(group(MENU, "event")?.disabled).toBe(true);
    for (const l of leaves(MENU).filter((x) => x.menuId !== "event"))
      expect(l.disabled, l.menuId).toBe(false);
  });
});

describe("menuScreenIds", () => {
  it("lists every leaf's screen ID exactly once, in menu order", () => {
    const list = menuScreenIds();
    expect(list).toEqual(leaves(MENU).map((l) => l.screenId));
    expect(new Set(list).size).toBe(list.length);
    expect(list).toHaveLength(12);
  });

  it("lists only known screen IDs and no group", () => {
    for (const id of menuScreenIds()) expect(SCREEN_IDS).toContain(id);
  });

  it("works on a sub-menu", () => {
    expect(menuScreenIds(group(MENU, "conditions")?.children ?? [])).toEqual([
      "ReleasedRuleList",
      "KeywordCategoryList",
      "ApiConnectionInfo",
    ]);
  });
});

describe("signedInScreenIds", () => {
  it("asks for the menu's screens and the screens behind their controls, each once", () => {
    const list = signedInScreenIds();
    expect(list).toEqual([
      ...menuScreenIds(),
      "EventDialogCsvDownload",
      "OperatorAdd",
      "OperatorDetail",
      "OperatorEdit",
      "NegativeDetail",
      "NegativeAdd",
      "NegativeHistory",
      "CsvNegative",
      "WhiteAdd",
      "KeywordList",
      "KeywordAdd",
    ]);
    expect(new Set(list).size).toBe(list.length);
  });
});

describe("visibleMenu", () => {
  it("shows the Administrator everything that is implemented, all enabled", () => {
    const menu = visibleMenu(MENU, administrator, ALL);
    expect(ids(menu)).toEqual(ids(MENU));
    expect(leaves(menu).map((l) => l.screenId)).toEqual(menuScreenIds());
    for (const l of leaves(menu)) expect(l.disabled, l.menuId).toBe(false);
  });

  it("never shows the Viewer (admin group 20) the Administration group", () => {
    const menu = visibleMenu(MENU, viewer, ALL);
    expect(ids(menu)).toEqual(["event", "report", "csv", "negative", "white", "conditions"]);
    expect(group(menu, "admin")).toBeUndefined();
    for (const l of leaves(menu)) expect(l.screenId && SCREENS[l.screenId].group).not.toBe("admin");
  });

  it("shows a readable screen as well as a writable one (the Reviewer)", () => {
    const menu = visibleMenu(MENU, reviewer, ALL);
    expect(ids(menu)).toEqual(["event", "report", "csv", "negative", "white", "conditions"]);
    expect(group(menu, "conditions")?.children).toHaveLength(3);
  });

  it("shows a group with one allowed child with only that child", () => {
    const menu = visibleMenu(MENU, only("KeywordCategoryList"), ALL);
    expect(ids(menu)).toEqual(["conditions"]);
    expect(group(menu, "conditions")?.children?.map((c) => c.menuId)).toEqual(["keyword"]);
    expect(group(menu, "conditions")?.nameId).toBe("menu.conditions");

    const admin = visibleMenu(MENU, only("AllowedIpAddress"), ALL);
    expect(ids(admin)).toEqual(["admin"]);
    expect(group(admin, "admin")?.children?.map((c) => c.menuId)).toEqual(["allowedIpAddress"]);
  });

  it("hides an entry whose screen is not implemented, even when permitted", () => {
    const implemented = new Set<ScreenId>(
      SCREEN_IDS.filter((id) => id !== "WhiteList" && id !== "OperatorRoleList"),
    );
    const menu = visibleMenu(MENU, administrator, implemented);
    expect(ids(menu)).not.toContain("white");
    expect(group(menu, "admin")?.children?.map((c) => c.menuId)).toEqual([
      "operatorList",
      "allowedIpAddress",
      "auditLog",
    ]);
  });

  it("hides a group none of whose children is implemented", () => {
    const implemented = new Set<ScreenId>(["EventList", "ReleasedRuleList"]);
    const menu = visibleMenu(MENU, administrator, implemented);
    expect(ids(menu)).toEqual(["event", "conditions"]);
    expect(group(menu, "conditions")?.children?.map((c) => c.menuId)).toEqual(["releasedRuleList"]);
    expect(visibleMenu(MENU, administrator, new Set())).toEqual([]);
  });

  it("counts a missing permission as none", () => {
    expect(visibleMenu(MENU, new Map(), ALL)).toEqual([]);
    const withoutEvent = new Map(administrator);
    withoutEvent.delete("EventList");
    expect(ids(visibleMenu(MENU, withoutEvent, ALL))).not.toContain("event");
  });

  it("counts an unknown permission value as none", () => {
    const odd = new Map<string, Permission>([
      ["EventList", "99" as Permission],
      ["EventReportNegative", "" as Permission],
      ["NegativeList", "none" as Permission],
      ["CsvAuthoriHistory", PERMISSION.readable],
    ]);
    expect(ids(visibleMenu(MENU, odd, ALL))).toEqual(["csv"]);
  });

  it("ignores permissions of screens that are not in the menu", () => {
    const menu = visibleMenu(MENU, only("EventDetail", "OperatorAdd", "EventDialogOk"), ALL);
    expect(menu).toEqual([]);
  });

  it("keeps the Event entry disabled in MENU and enables it once permitted", () => {
    expect(visibleMenu(MENU, only("EventList"), ALL)).toEqual([
      { menuId: "event", nameId: "menu.event", path: "/EventList", screenId: "EventList", disabled: false },
    ]);
    expect(group(MENU, "event")?.disabled).toBe(true); // MENU itself is not changed
  });

  it("does not change the menu it is given", () => {
    const before = JSON.stringify(MENU);
    visibleMenu(MENU, administrator, ALL);
    visibleMenu(MENU, viewer, new Set<ScreenId>(["OperatorList"]));
    expect(JSON.stringify(MENU)).toBe(before);
  });
});

describe("firstMenuPath", () => {
  it.each<[string, Map<string, Permission>, string | undefined]>([
    ["the Administrator", administrator, "/EventList"],
    ["the Viewer", viewer, "/EventList"],
    [
      "administration only",
      role((g) => (g === "admin" ? PERMISSION.writable : PERMISSION.none)),
      "/OperatorList",
    ],
    ["keyword and allowed IP", only("AllowedIpAddress", "KeywordCategoryList"), "/keywordCategoryList"],
    ["white and API information", only("ApiConnectionInfo", "WhiteList"), "/white"],
    ["role list only", only("OperatorRoleList"), "/OperatorRoleList"],
    ["nothing", new Map(), undefined],
  ])("lands %s on %s", (_name, permissions, path) => {
    expect(firstMenuPath(visibleMenu(MENU, permissions, ALL))).toBe(path);
  });

  it("skips a disabled leaf: the raw MENU starts at the report while Event is disabled", () => {
    expect(firstMenuPath(MENU)).toBe("/EventReportNegative");
  });

  it("skips a screen that is not implemented", () => {
    const implemented = new Set<ScreenId>(
      SCREEN_IDS.filter((id) => id !== "EventList" && id !== "EventReportNegative"),
    );
    expect(firstMenuPath(visibleMenu(MENU, administrator, implemented))).toBe("/CsvAuthoriHistory");
  });

  it("answers undefined for an empty menu", () => {
    expect(firstMenuPath([])).toBeUndefined();
  });
});
