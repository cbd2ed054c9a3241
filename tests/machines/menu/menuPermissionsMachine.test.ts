import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type LoadPermissionsOutcome,
  menuPermissionsMachine,
} from "../../../machines/menu/menuPermissionsMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { MENU, visibleMenu } from "../../../src/contract/menu.ts";
import type { ScreenId } from "../../../src/contract/screens.ts";
import { settle } from "../support/settle.ts";
import { permissionsLoaded, permissionsRefused, permissionsThrew } from "../walks/menuPermissionsWalk.ts";

function startMenu(load: () => Promise<LoadPermissionsOutcome>) {
  const requests: string[][] = [];
  const machine = menuPermissionsMachine.provide({
    actors: {
      loadPermissions: fromPromise(({ input }) => {
        requests.push(input.screenIds);
        return load();
      }),
    },
  });
  return { actor: createActor(machine).start(), requests };
}

describe("menuPermissionsMachine", () => {
  it("is ready with a permission per screen, from which the view derives the menu", async () => {
    const { actor, requests } = startMenu(async () => permissionsLoaded);
    actor.send({ type: "permissions.load", screenIds: ["EventList", "OperatorList"] });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("ready");
    expect(snapshot.context.permissions).toEqual({ EventList: "00", OperatorList: "20" });
    expect(requests).toEqual([["EventList", "OperatorList"]]);
    const implemented = new Set<ScreenId>(["EventList", "OperatorList"]);
    const menu = visibleMenu(MENU, new Map(Object.entries(snapshot.context.permissions)), implemented);
    expect(menu.map((item) => item.menuId)).toEqual(["event"]);
  });

  it("fails with the refusal's errors and retries on the next load", async () => {
    const outcomes = [permissionsRefused, permissionsLoaded];
    const { actor, requests } = startMenu(async () => outcomes.shift() ?? permissionsRefused);
    actor.send({ type: "permissions.load", screenIds: ["EventList"] });
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.forbidden]);
    actor.send({ type: "permissions.load", screenIds: ["EventList"] });
    await settle();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.errors).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it("routes a thrown exception to failed as ServerError.InternalFailure", async () => {
    const { actor } = startMenu(async () => {
      throw permissionsThrew;
    });
    actor.send({ type: "permissions.load", screenIds: ["EventList"] });
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
  });

  it("forgets the permissions on reset", async () => {
    const { actor } = startMenu(async () => permissionsLoaded);
    actor.send({ type: "permissions.load", screenIds: ["EventList"] });
    await settle();
    actor.send({ type: "permissions.reset" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.permissions).toEqual({});
  });
});
