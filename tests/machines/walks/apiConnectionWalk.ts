import {
  type ApiConnectionEvent,
  apiConnectionMachine,
  type CopySecretOutcome,
  type LoadInfoOutcome,
  type RevealSecretOutcome,
  type RotateSecretOutcome,
} from "../../../machines/apiConnection/apiConnectionMachine.ts";
import type { ApiConnectionInfo } from "../../../src/contract/apiConnection.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const demoInfo = {
  companyId: "DEMO",
  applicationId: "app_0123456789abcdef",
  secretKeyMasked: "••••••••WXyz",
  screeningModel: { modelId: "MODEL01", modelName: "標準モデル" },
  rotatedAt: "2026-01-05T01:02:03.000Z",
} satisfies ApiConnectionInfo;

export const infoLoaded: LoadInfoOutcome = { ok: true, result: demoInfo, messages: [] };
export const infoRefused: LoadInfoOutcome = {
  ok: false,
  errors: [{ code: ERROR.noDataFound, message: "No relevant data found" }],
};
export const secretRevealed: RevealSecretOutcome = {
  ok: true,
  result: { secretKey: "old-secret-key-0123456789-abcdefghijkWXyz" },
  messages: [],
};
export const secretRefused: RevealSecretOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const secretRotated: RotateSecretOutcome = {
  ok: true,
  result: {
    info: { ...demoInfo, secretKeyMasked: "••••••••NEW4", rotatedAt: "2026-02-01T00:00:00.000Z" },
    secretKey: "new-secret-key-0123456789-abcdefghijkNEW4",
  },
  messages: [{ code: "002", message: "Update is complete." }],
};
export const rotateRefused: RotateSecretOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const rotateConflict: RotateSecretOutcome = {
  ok: false,
  errors: [
    {
      code: ERROR.conflict,
      message: "Another user is updating the same information. Please reload and try again.",
    },
  ],
};
/** The info after another administrator's reissue: their key's mask and rotatedAt. */
export const infoRotatedElsewhere: LoadInfoOutcome = {
  ok: true,
  result: { ...demoInfo, secretKeyMasked: "••••••••OTHR", rotatedAt: "2026-01-05T01:02:04.000Z" },
  messages: [],
};
export const secretCopied: CopySecretOutcome = { ok: true, result: { copied: true }, messages: [] };
export const clipboardRefused: CopySecretOutcome = { ok: true, result: { copied: false }, messages: [] };
export const copyRefused: CopySecretOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const callThrew = new Error("network down");

const load = { type: "connection.load" } satisfies ApiConnectionEvent;
const reveal = { type: "secret.reveal" } satisfies ApiConnectionEvent;
const rotate = { type: "rotate.request" } satisfies ApiConnectionEvent;
const copy = { type: "secret.copy" } satisfies ApiConnectionEvent;

export const apiConnectionWalk = {
  machine: apiConnectionMachine,
  events: {
    "connection.load": [load],
    "secret.reveal": [reveal],
    "secret.hide": [{ type: "secret.hide" }],
    "secret.copy": [copy],
    "rotate.request": [rotate],
  },
  outputs: {
    loadInfo: [infoLoaded, infoRefused],
    revealSecret: [secretRevealed, secretRefused],
    copySecret: [secretCopied, clipboardRefused, copyRefused],
    confirmRotate: [true, false],
    rotateSecret: [secretRotated, rotateConflict, rotateRefused],
  },
  failures: {
    loadInfo: [callThrew],
    revealSecret: [callThrew],
    copySecret: [callThrew],
    confirmRotate: [callThrew],
    rotateSecret: [callThrew],
  },
  recordedActions: ["announceCopied", "announceCopyFailed", "announceConflict"],
  journeys: [
    {
      description: "reveal, then reissue through the dialog: the new key replaces the old one on screen",
      events: [
        load,
        { type: "xstate.done.actor.loadInfo", output: infoLoaded },
        reveal,
        { type: "xstate.done.actor.revealSecret", output: secretRevealed },
        rotate,
        { type: "xstate.done.actor.confirmRotate", output: true },
        { type: "xstate.done.actor.rotateSecret", output: secretRotated },
      ],
      endState: "revealed",
    },
    {
      description: "reissue, copy the new key and back out of another reissue: the new key stays shown",
      events: [
        load,
        { type: "xstate.done.actor.loadInfo", output: infoLoaded },
        rotate,
        { type: "xstate.done.actor.confirmRotate", output: true },
        { type: "xstate.done.actor.rotateSecret", output: secretRotated },
        copy,
        { type: "xstate.done.actor.copySecret", output: secretCopied },
        rotate,
        { type: "xstate.done.actor.confirmRotate", output: false },
      ],
      endState: "revealed",
      actions: ["announceCopied"],
    },
    {
      description: "backing out of the dialog keeps a shown key shown",
      events: [
        load,
        { type: "xstate.done.actor.loadInfo", output: infoLoaded },
        reveal,
        { type: "xstate.done.actor.revealSecret", output: secretRevealed },
        rotate,
        { type: "xstate.done.actor.confirmRotate", output: false },
      ],
      endState: "revealed",
    },
    {
      description: "copy a masked key: it goes to the clipboard and the screen still shows the mask",
      events: [
        load,
        { type: "xstate.done.actor.loadInfo", output: infoLoaded },
        copy,
        { type: "xstate.done.actor.copySecret", output: secretCopied },
      ],
      endState: "ready",
    },
    {
      description: "copy a shown key, the clipboard refusing: the key stays shown",
      events: [
        load,
        { type: "xstate.done.actor.loadInfo", output: infoLoaded },
        reveal,
        { type: "xstate.done.actor.revealSecret", output: secretRevealed },
        copy,
        { type: "xstate.done.actor.copySecret", output: clipboardRefused },
      ],
      endState: "revealed",
    },
    {
      description: "a reissue after another administrator's (015) reloads the info, their key masked",
      events: [
        load,
        { type: "xstate.done.actor.loadInfo", output: infoLoaded },
        reveal,
        { type: "xstate.done.actor.revealSecret", output: secretRevealed },
        rotate,
        { type: "xstate.done.actor.confirmRotate", output: true },
        { type: "xstate.done.actor.rotateSecret", output: rotateConflict },
        { type: "xstate.done.actor.loadInfo", output: infoRotatedElsewhere },
      ],
      endState: "ready",
      actions: ["announceConflict"],
    },
    {
      description: "a failed load is retried and the info is shown",
      events: [
        load,
        { type: "xstate.error.actor.loadInfo", error: callThrew },
        load,
        { type: "xstate.done.actor.loadInfo", output: infoLoaded },
      ],
      endState: "ready",
    },
  ],
} satisfies MachineWalk<typeof apiConnectionMachine>;
