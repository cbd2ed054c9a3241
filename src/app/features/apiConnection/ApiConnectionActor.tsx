import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  apiConnectionMachine,
  type CopySecretInput,
  type CopySecretOutcome,
  type RotateSecretInput,
} from "../../../../machines/apiConnection/apiConnectionMachine.ts";
import { apiConnectionInfo, apiSecretReveal, apiSecretRotate } from "../../../contract/apiConnection.ts";
import { ERROR } from "../../../contract/errors.ts";
import { errorNoticeText } from "../../actors/applyRouting.ts";
import { useRunCall } from "../../actors/CallRunner.tsx";
import { useConfirm } from "../../actors/ConfirmDialogActor.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";

/** Whether the browser took the text (it may refuse without permission or focus). */
async function toClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a text still being fetched; null when there is none to write. A browser that takes the
 * clipboard only during the click's user activation (Safari) refuses a write made after an await, so
 * where ClipboardItem exists the write starts at once, inside the click, with the text as a promise.
 * Elsewhere (no ClipboardItem) the text is written with writeText once it is here.
 */
function toClipboardWhenFetched(text: Promise<string | null>): Promise<boolean> {
  if (typeof ClipboardItem === "undefined" || typeof navigator.clipboard?.write !== "function")
    return text.then((value) => (value === null ? false : toClipboard(value)));
  const blob = text.then((value) => {
    if (value === null) throw new Error("nothing to copy");
    return new Blob([value], { type: "text/plain" });
  });
  // The write's own refusal says it; this only keeps the blob's from being reported as unhandled.
  blob.catch(() => undefined);
  try {
    return navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}

// Another administrator's reissue first (015) is the machine's: it reloads the info and says so.
// Any other refusal goes the usual way (spec section 8).
const CONFLICT_HANDLED_HERE = { handledHere: [ERROR.conflict] } as const;

/** The API connection information screen's workflow (machines/apiConnection). */
export const ApiConnectionActor = createActorContext(apiConnectionMachine);

export function ApiConnectionProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const notifications = NotificationsActor.useActorRef();
  const { t } = useTranslation("apiConnection");
  const { t: message } = useTranslation("messages");
  const [logic] = useState(() =>
    apiConnectionMachine.provide({
      actors: {
        loadInfo: fromPromise(() => run(apiConnectionInfo, {})),
        revealSecret: fromPromise(() => run(apiSecretReveal, {})),
        // A masked key is fetched for the clipboard alone: it never reaches the screen or the context.
        // The machine starts this as the click's event arrives, so the clipboard write below begins
        // within the click, before the key has come (nothing is awaited before it).
        copySecret: fromPromise(async ({ input }: { input: CopySecretInput }): Promise<CopySecretOutcome> => {
          if (input.shown !== null)
            return { ok: true, result: { copied: await toClipboard(input.shown) }, messages: [] };
          const revealing = run(apiSecretReveal, {});
          const copied = toClipboardWhenFetched(
            revealing.then(
              (revealed) => (revealed.ok ? revealed.result.secretKey : null),
              () => null,
            ),
          );
          const revealed = await revealing;
          if (!revealed.ok) return revealed;
          return { ok: true, result: { copied: await copied }, messages: [] };
        }),
        // The shared confirmation dialog, with Execute and Cancel; withdrawn if the screen is left
        // (Back) while it asks, as its Execute would reissue nothing.
        confirmRotate: fromPromise(({ signal }) => confirm("apiConnection:rotateConfirm", "execute", signal)),
        rotateSecret: fromPromise(({ input }: { input: RotateSecretInput }) =>
          run(apiSecretRotate, { rotatedAt: input.rotatedAt }, CONFLICT_HANDLED_HERE),
        ),
      },
      actions: {
        announceCopied: () =>
          notifications.send({ type: "notify.show", colour: "success", text: message("no.010") }),
        // A masked key cannot be selected: the operator is told to show it first, by Show's own label.
        announceCopyFailed: (_, params) =>
          notifications.send({
            type: "notify.show",
            colour: "error",
            text: params.masked ? t("copyFailedMasked", { show: t("show") }) : t("copyFailed"),
          }),
        // An error notification shows the code, then the message (spec section 8).
        announceConflict: () =>
          notifications.send({
            type: "notify.show",
            colour: "error",
            text: errorNoticeText(ERROR.conflict, message("no.015")),
          }),
      },
    }),
  );
  return <ApiConnectionActor.Provider logic={logic}>{children}</ApiConnectionActor.Provider>;
}
