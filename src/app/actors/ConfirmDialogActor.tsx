import { createActorContext } from "@xstate/react";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import {
  type ConfirmDialogVariant,
  confirmDialogMachine,
} from "../../../machines/dialog/confirmDialogMachine.ts";

/** The one confirmation dialog (spec section 2), shown by shell/ConfirmDialog.tsx. */
export const ConfirmDialogActor = createActorContext(confirmDialogMachine);

type Answer = (confirmed: boolean) => void;

const AnswerContext = createContext<{ current: Answer | null } | null>(null);

export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  // Who asked the open question; answered only after the machine's closing delay has passed.
  const answer = useRef<Answer | null>(null);
  const [logic] = useState(() =>
    confirmDialogMachine.provide({
      actions: {
        proceed: () => settle(answer, true),
        cancelled: () => settle(answer, false),
      },
    }),
  );
  return (
    <AnswerContext.Provider value={answer}>
      <ConfirmDialogActor.Provider logic={logic}>{children}</ConfirmDialogActor.Provider>
    </AnswerContext.Provider>
  );
}

function settle(answer: { current: Answer | null }, confirmed: boolean) {
  const pending = answer.current;
  answer.current = null;
  pending?.(confirmed);
}

/**
 * Asks a question in the confirmation dialog; resolves true once the operator confirmed and the
 * dialog has closed, false when they backed out. `messageKey` is an i18n key such as "shell:logoutConfirm".
 * `signal`: the asker is gone (an invoked actor stopped as its screen was left, say): the question is
 * withdrawn as if cancelled, so it never stays over another screen with an Execute that does nothing.
 */
export function useConfirm(): (
  messageKey: string,
  variant: ConfirmDialogVariant,
  signal?: AbortSignal,
) => Promise<boolean> {
  const answer = useContext(AnswerContext);
  const dialog = ConfirmDialogActor.useActorRef();
  if (!answer) throw new Error("ConfirmDialogProvider is missing above this component");
  return useCallback(
    (messageKey, variant, signal) =>
      new Promise<boolean>((resolve) => {
        // One question at a time: a second one while the dialog is showing is declined at once.
        if (signal?.aborted || !dialog.getSnapshot().matches("closed")) {
          resolve(false);
          return;
        }
        answer.current = resolve;
        dialog.send({ type: "dialog.open", messageKey, variant });
        signal?.addEventListener(
          "abort",
          () => {
            if (answer.current === resolve) dialog.send({ type: "dialog.cancel" });
          },
          { once: true },
        );
      }),
    [answer, dialog],
  );
}
