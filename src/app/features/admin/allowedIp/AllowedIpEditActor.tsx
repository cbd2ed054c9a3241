import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import {
  type AllowedIpPreview,
  allowedIpEditMachine,
  type UpdateListInput,
} from "../../../../../machines/admin/allowedIpEditMachine.ts";
import { allowedIpList, allowedIpPreview, allowedIpUpdate } from "../../../../contract/allowedIp.ts";
import { ERROR } from "../../../../contract/errors.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";

/** The allowed IP address screen's workflow (machines/admin/allowedIpEditMachine.ts). */
export const AllowedIpEditActor = createActorContext(allowedIpEditMachine);

// The screen shows these refusals beside the list, in the server's words (the self-lockout names
// the operator's own address); any other goes the usual way (spec section 8).
const SHOWN_HERE = { handledHere: [ERROR.validation, ERROR.conflict, ERROR.selfLockout] } as const;

/** Whether the preview found anything the list would refuse. */
const refusesAny = (preview: AllowedIpPreview | null) =>
  preview !== null && (preview.refusedSignIns > 0 || (preview.refusedApiCalls ?? 0) > 0);

const payload = (input: UpdateListInput) => ({
  kind: input.kind,
  entries: input.entries.map((entry) => ({ address: entry.address, subnet: entry.subnet })),
});

export function AllowedIpEditProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    allowedIpEditMachine.provide({
      actors: {
        loadLists: fromPromise(() => run(allowedIpList, {})),
        previewList: fromPromise(({ input }: { input: UpdateListInput }) =>
          run(allowedIpPreview, payload(input), SHOWN_HERE),
        ),
        // The question says when the list would refuse recent sign-ins (the counts are on the screen).
        confirmUpdate: fromPromise(
          ({ input, signal }: { input: { preview: AllowedIpPreview | null }; signal: AbortSignal }) =>
            confirm(
              refusesAny(input.preview) ? "allowedIp:updateConfirmRefuses" : "allowedIp:updateConfirm",
              "yesNo",
              signal,
            ),
        ),
        updateList: fromPromise(({ input }: { input: UpdateListInput }) =>
          run(allowedIpUpdate, payload(input), SHOWN_HERE),
        ),
      },
    }),
  );
  return <AllowedIpEditActor.Provider logic={logic}>{children}</AllowedIpEditActor.Provider>;
}
