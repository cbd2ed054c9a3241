import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedIpActions,
  operatorActions,
  roleActions,
} from "../../../src/app/features/admin/adminActions.ts";
import {
  keywordActions,
  negativeActions,
  whiteActions,
} from "../../../src/app/features/lists/listActions.ts";
import { mayOn, type ScreenPermissions } from "../../../src/app/session/screenAccess.ts";
import { allowedIpUpdate } from "../../../src/contract/allowedIp.ts";
import { PERMISSION, PERMISSIONS, type Permission } from "../../../src/contract/codes.ts";
import { keywordAdd, keywordDelete } from "../../../src/contract/keywords.ts";
import { signedInScreenIds } from "../../../src/contract/menu.ts";
import {
  negativeAdd,
  negativeDelete,
  negativeDetail,
  negativeDetailDelete,
} from "../../../src/contract/negativeList.ts";
import {
  operatorAdd,
  operatorDelete,
  operatorDetail,
  operatorEdit,
  operatorUnlock,
} from "../../../src/contract/operators.ts";
import { roleAdd, roleDelete, roleEdit } from "../../../src/contract/roles.ts";
import { SCREEN_IDS, type ScreenId } from "../../../src/contract/screens.ts";
import { UPLOAD_SCREENS } from "../../../src/contract/uploads.ts";
import { whiteAdd, whiteDelete } from "../../../src/contract/whiteList.ts";

/** What a server call checks: its own screen at its level (the request guard, requestGuard.ts). */
type Access = { screenId: ScreenId; level: "read" | "write" };
const accessOf = (call: { access: { kind: string; screenId?: ScreenId } }): Access => {
  const { kind, screenId } = call.access;
  if ((kind !== "read" && kind !== "write") || !screenId) throw new Error(`no screen access: ${kind}`);
  return { screenId, level: kind };
};

/**
 * Each flag a view offers, beside every call its button makes: the flag must be true exactly when the
 * server lets every one of those calls through, whatever the role's other screens say.
 */
const FLAGS: [string, (p: ScreenPermissions) => boolean, Access[]][] = [
  ["operator register", (p) => operatorActions(p).register, [accessOf(operatorAdd)]],
  ["operator delete (list and detail)", (p) => operatorActions(p).remove, [accessOf(operatorDelete)]],
  ["operator detail link", (p) => operatorActions(p).openDetail, [accessOf(operatorDetail)]],
  ["operator edit", (p) => operatorActions(p).edit, [accessOf(operatorEdit)]],
  ["operator unlock", (p) => operatorActions(p).unlock, [accessOf(operatorUnlock)]],
  [
    "role create, edit, delete",
    (p) => roleActions(p).writable,
    [roleAdd, roleEdit, roleDelete].map(accessOf),
  ],
  ["allowed IP update", (p) => allowedIpActions(p).writable, [accessOf(allowedIpUpdate)]],
  ["negative add", (p) => negativeActions(p).add, [accessOf(negativeAdd)]],
  [
    "negative CSV registration",
    (p) => negativeActions(p).csvRegister,
    [{ screenId: UPLOAD_SCREENS.CsvNegativeItem.upload, level: "write" }],
  ],
  [
    "negative history",
    (p) => negativeActions(p).history,
    [{ screenId: UPLOAD_SCREENS.CsvNegativeItem.history, level: "read" }],
  ],
  ["negative list delete", (p) => negativeActions(p).remove, [accessOf(negativeDelete)]],
  ["negative details", (p) => negativeActions(p).details, [accessOf(negativeDetail)]],
  ["negative detail delete", (p) => negativeActions(p).detailRemove, [accessOf(negativeDetailDelete)]],
  ["white add", (p) => whiteActions(p).add, [accessOf(whiteAdd)]],
  ["white delete", (p) => whiteActions(p).remove, [accessOf(whiteDelete)]],
  [
    "keyword add (by hand or CSV)",
    (p) => keywordActions(p).add,
    [accessOf(keywordAdd), { screenId: UPLOAD_SCREENS.CsvKeyword.upload, level: "write" }],
  ],
  ["keyword delete", (p) => keywordActions(p).remove, [accessOf(keywordDelete)]],
];

const serverLets = (permissions: ScreenPermissions, calls: Access[]) =>
  calls.every(({ screenId, level }) => mayOn(permissions, screenId, level));

const permissionsArb = fc.record(
  Object.fromEntries(SCREEN_IDS.map((id) => [id, fc.constantFrom<Permission>(...PERMISSIONS)])) as Record<
    ScreenId,
    fc.Arbitrary<Permission>
  >,
  { requiredKeys: [] },
);

describe("mayOn (the server's permission rule, spec section 6)", () => {
  it("write needs writable, read writable or readable, a missing screen is not available", () => {
    const p: ScreenPermissions = { OperatorList: PERMISSION.writable, OperatorDetail: PERMISSION.readable };
    expect(mayOn(p, "OperatorList", "write")).toBe(true);
    expect(mayOn(p, "OperatorList", "read")).toBe(true);
    expect(mayOn(p, "OperatorDetail", "write")).toBe(false);
    expect(mayOn(p, "OperatorDetail", "read")).toBe(true);
    expect(mayOn({ OperatorEdit: PERMISSION.none }, "OperatorEdit", "read")).toBe(false);
    expect(mayOn(p, "OperatorEdit", "read")).toBe(false);
  });
});

describe("the admin and list screens' actions follow each call's own screen permission", () => {
  it.each(FLAGS)("%s is offered exactly when the server accepts its calls", (_, flag, calls) => {
    fc.assert(
      fc.property(permissionsArb, (permissions) => {
        expect(flag(permissions)).toBe(serverLets(permissions, calls));
      }),
      { numRuns: 300 },
    );
    // Each call's screen alone decides: only that one refused hides the action.
    for (const { screenId } of calls) {
      const all = Object.fromEntries(SCREEN_IDS.map((id) => [id, PERMISSION.writable]));
      expect(flag({ ...all, [screenId]: PERMISSION.none })).toBe(false);
    }
  });

  it("reads only screens asked at sign-in, so an administrator sees every action", () => {
    const asked = Object.fromEntries(signedInScreenIds().map((id) => [id, PERMISSION.writable]));
    for (const [name, flag] of FLAGS) expect(flag(asked), name).toBe(true);
  });

  it("a custom role writing OperatorList without OperatorAdd or OperatorEdit deletes but neither registers nor edits", () => {
    const role: ScreenPermissions = {
      OperatorList: PERMISSION.writable,
      OperatorDetail: PERMISSION.readable,
      OperatorAdd: PERMISSION.none,
      OperatorEdit: PERMISSION.none,
    };
    expect(operatorActions(role)).toEqual({
      register: false,
      remove: true,
      openDetail: true,
      edit: false,
      unlock: false,
    });
  });

  it("a readable-only role sees the lists and the allowed IPs without a way to change them", () => {
    const viewer = Object.fromEntries(SCREEN_IDS.map((id) => [id, PERMISSION.readable]));
    expect(allowedIpActions(viewer).writable).toBe(false);
    expect(roleActions(viewer).writable).toBe(false);
    expect(negativeActions(viewer)).toEqual({
      history: true,
      add: false,
      csvRegister: false,
      remove: false,
      details: true,
      detailRemove: false,
    });
    expect(whiteActions(viewer)).toEqual({ add: false, remove: false });
    expect(keywordActions(viewer)).toEqual({ add: false, remove: false });
  });
});
