import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  apiConnectionMachine,
  type CopySecretInput,
  type CopySecretOutcome,
  type LoadInfoOutcome,
  type RevealSecretOutcome,
  type RotateSecretInput,
  type RotateSecretOutcome,
} from "../../../machines/apiConnection/apiConnectionMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { settle } from "../support/settle.ts";
import {
  callThrew,
  clipboardRefused,
  copyRefused,
  demoInfo,
  infoLoaded,
  infoRotatedElsewhere,
  rotateConflict,
  rotateRefused,
  secretCopied,
  secretRevealed,
  secretRotated,
} from "../walks/apiConnectionWalk.ts";

interface Fakes {
  load?: () => Promise<LoadInfoOutcome>;
  reveal?: () => Promise<RevealSecretOutcome>;
  confirm?: () => Promise<boolean>;
  rotate?: () => Promise<RotateSecretOutcome>;
  copy?: () => Promise<CopySecretOutcome>;
}

function startConnection(fakes: Fakes = {}) {
  const calls: string[] = [];
  const counted =
    <T>(name: string, fake: () => Promise<T>) =>
    () => {
      calls.push(name);
      return fake();
    };
  const copiedFrom: CopySecretInput[] = [];
  const rotatedFrom: RotateSecretInput[] = [];
  const machine = apiConnectionMachine.provide({
    actions: {
      announceCopied: () => calls.push("announce copied"),
      announceCopyFailed: (_, params) =>
        calls.push(params.masked ? "announce copy failed (masked)" : "announce copy failed"),
      announceConflict: () => calls.push("announce conflict"),
    },
    actors: {
      copySecret: fromPromise(({ input }: { input: CopySecretInput }) => {
        copiedFrom.push(input);
        return counted("copy", fakes.copy ?? (async () => secretCopied))();
      }),
      loadInfo: fromPromise(counted("load", fakes.load ?? (async () => infoLoaded))),
      revealSecret: fromPromise(counted("reveal", fakes.reveal ?? (async () => secretRevealed))),
      confirmRotate: fromPromise(counted("confirm", fakes.confirm ?? (async () => true))),
      rotateSecret: fromPromise(({ input }: { input: RotateSecretInput }) => {
        rotatedFrom.push(input);
        return counted("rotate", fakes.rotate ?? (async () => secretRotated))();
      }),
    },
  });
  return { actor: createActor(machine).start(), calls, copiedFrom, rotatedFrom };
}

describe("apiConnectionMachine", () => {
  it("loads the masked info and is busy while loading", async () => {
    const { actor } = startConnection();
    actor.send({ type: "connection.load" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context).toEqual({
      info: demoInfo,
      secretKey: null,
      rotated: false,
      errors: [],
    });
  });

  it("shows the revealed key until hidden, then forgets it", async () => {
    const { actor } = startConnection();
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "secret.reveal" });
    await settle();
    expect(actor.getSnapshot().value).toBe("revealed");
    expect(actor.getSnapshot().context.secretKey).toBe("old-secret-key-0123456789-abcdefghijkWXyz");
    // A revealed key is the current one, not a new one: no notice that the old key stopped working.
    expect(actor.getSnapshot().context.rotated).toBe(false);
    actor.send({ type: "secret.hide" });
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.secretKey).toBeNull();
  });

  it("reissues only after the dialog confirmed, and shows the new key and info", async () => {
    const { actor, calls } = startConnection();
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "rotate.request" });
    expect(actor.getSnapshot().value).toBe("confirmingRotate");
    await settle();
    expect(calls).toEqual(["load", "confirm", "rotate"]);
    expect(actor.getSnapshot().value).toBe("revealed");
    expect(actor.getSnapshot().context.secretKey).toBe(
      secretRotated.ok ? secretRotated.result.secretKey : "",
    );
    expect(actor.getSnapshot().context.info?.secretKeyMasked).toBe("••••••••NEW4");
    expect(actor.getSnapshot().context.rotated).toBe(true);
  });

  it("reissues the key the operator saw: its rotatedAt goes with the call", async () => {
    const { actor, rotatedFrom } = startConnection();
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "rotate.request" });
    await settle();
    expect(rotatedFrom).toEqual([{ rotatedAt: demoInfo.rotatedAt }]);
    // The next reissue names the new key's.
    actor.send({ type: "rotate.request" });
    await settle();
    expect(rotatedFrom.at(-1)).toEqual({
      rotatedAt: secretRotated.ok ? secretRotated.result.info.rotatedAt : "",
    });
  });

  it("reloads the info and says 015 when another administrator reissued the key first", async () => {
    let loads = 0;
    const { actor, calls } = startConnection({
      rotate: async () => rotateConflict,
      load: async () => (++loads === 1 ? infoLoaded : infoRotatedElsewhere),
    });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "secret.reveal" });
    await settle();
    actor.send({ type: "rotate.request" });
    await settle();
    expect(calls).toEqual(["load", "reveal", "confirm", "rotate", "announce conflict", "load"]);
    expect(actor.getSnapshot().value).toBe("ready");
    // Not an error page and not a new key: the other administrator's key, masked.
    expect(actor.getSnapshot().context).toEqual({
      info: infoRotatedElsewhere.ok ? infoRotatedElsewhere.result : null,
      secretKey: null,
      rotated: false,
      errors: [],
    });
  });

  it("keeps the new key's notice through a copy and a backed-out reissue, and drops it on hide", async () => {
    let confirmed = true;
    const { actor, calls } = startConnection({ confirm: async () => confirmed });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "rotate.request" });
    await settle();
    const newKey = secretRotated.ok ? secretRotated.result.secretKey : "";
    actor.send({ type: "secret.copy" });
    await settle();
    confirmed = false;
    actor.send({ type: "rotate.request" });
    await settle();
    expect(calls).toEqual(["load", "confirm", "rotate", "copy", "announce copied", "confirm"]);
    expect(actor.getSnapshot().value).toBe("revealed");
    expect(actor.getSnapshot().context).toMatchObject({ secretKey: newKey, rotated: true });
    actor.send({ type: "secret.hide" });
    expect(actor.getSnapshot().context).toMatchObject({ secretKey: null, rotated: false });
    // Shown again, it is no longer news.
    actor.send({ type: "secret.reveal" });
    await settle();
    expect(actor.getSnapshot().value).toBe("revealed");
    expect(actor.getSnapshot().context.rotated).toBe(false);
  });

  it("drops the new key's notice with the key when a later call fails", async () => {
    const { actor } = startConnection({ copy: async () => copyRefused });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "rotate.request" });
    await settle();
    expect(actor.getSnapshot().context.rotated).toBe(true);
    actor.send({ type: "secret.copy" });
    await settle();
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context).toMatchObject({ secretKey: null, rotated: false });
  });

  it("never rotates when the operator backs out of the dialog", async () => {
    const { actor, calls } = startConnection({ confirm: async () => false });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "rotate.request" });
    await settle();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(calls).toEqual(["load", "confirm"]);
  });

  it("lands in error with the refusal, hides the key, and reloads on retry", async () => {
    const { actor, calls } = startConnection({ rotate: async () => rotateRefused });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "secret.reveal" });
    await settle();
    actor.send({ type: "rotate.request" });
    await settle();
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.secretKey).toBeNull();
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.forbidden]);
    actor.send({ type: "connection.load" });
    await settle();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.errors).toEqual([]);
    expect(calls).toEqual(["load", "reveal", "confirm", "rotate", "load"]);
  });

  it("copies a masked key without ever holding it, and the mask stays", async () => {
    const { actor, calls, copiedFrom } = startConnection();
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "secret.copy" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(copiedFrom).toEqual([{ shown: null }]);
    expect(calls).toEqual(["load", "copy", "announce copied"]);
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.secretKey).toBeNull();
  });

  it("copies a shown key as shown and keeps it shown; a clipboard that refuses is announced", async () => {
    const { actor, calls, copiedFrom } = startConnection({ copy: async () => clipboardRefused });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "secret.reveal" });
    await settle();
    actor.send({ type: "secret.copy" });
    await settle();
    const shown = secretRevealed.ok ? secretRevealed.result.secretKey : "";
    expect(copiedFrom).toEqual([{ shown }]);
    expect(calls).toEqual(["load", "reveal", "copy", "announce copy failed"]);
    expect(actor.getSnapshot().value).toBe("revealed");
    expect(actor.getSnapshot().context.secretKey).toBe(shown);
  });

  it("tells apart a refused copy of a masked key, which must be shown to be copied by hand", async () => {
    const { actor, calls, copiedFrom } = startConnection({ copy: async () => clipboardRefused });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "secret.copy" });
    await settle();
    expect(copiedFrom).toEqual([{ shown: null }]);
    expect(calls).toEqual(["load", "copy", "announce copy failed (masked)"]);
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.secretKey).toBeNull();
  });

  it("lands in error with a refused copy and announces nothing", async () => {
    const { actor, calls } = startConnection({ copy: async () => copyRefused });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "secret.copy" });
    await settle();
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.forbidden]);
    expect(calls).toEqual(["load", "copy"]);
  });

  it("routes a thrown exception to error as ServerError.InternalFailure", async () => {
    const { actor } = startConnection({
      reveal: async () => {
        throw callThrew;
      },
    });
    actor.send({ type: "connection.load" });
    await settle();
    actor.send({ type: "secret.reveal" });
    await settle();
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
  });
});
