import { createActorContext } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { fromPromise } from "xstate";
import {
  type DeleteRowsInput,
  type ListRow,
  listSearchMachine,
  type SearchRowsInput,
  type SearchRowsOutcome,
} from "../../../../../machines/lists/listSearchMachine.ts";
import {
  WHITE_TYPES,
  type WhiteEntryType,
  type WhiteRow,
  whiteDelete,
  whiteSearch,
} from "../../../../contract/whiteList.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { japanDayEnd, japanDayStart } from "../listFields.tsx";

/** The white list's search and delete (machines/lists/listSearchMachine). */
export const WhiteListActor = createActorContext(listSearchMachine);

const text = (value: string | boolean | undefined): string => (typeof value === "string" ? value : "");
const typeOf = (value: string | null | undefined): WhiteEntryType | undefined =>
  WHITE_TYPES.find((type) => type === value);

/** A row's key: its type and stored value, which is what a delete names. */
export const whiteRow = (entry: WhiteRow): ListRow => ({
  key: `${entry.type}\u0000${entry.value}`,
  cells: { ...entry },
});

// 676 is the screen's own (it says "No relevant data found" in place), so no snackbar for it.
const SEARCH_HANDLING = { suppressMessages: true } as const;

export function WhiteListProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    listSearchMachine.provide({
      actors: {
        searchRows: fromPromise(async ({ input }: { input: SearchRowsInput }): Promise<SearchRowsOutcome> => {
          const { criteria } = input;
          const outcome = await run(
            whiteSearch,
            {
              type: typeOf(text(criteria.type)) ?? "",
              value: text(criteria.value),
              createdFrom: japanDayStart(text(criteria.createdFrom)),
              createdTo: japanDayEnd(text(criteria.createdTo)),
              expiringSoon: criteria.expiringSoon === true,
            },
            SEARCH_HANDLING,
          );
          return outcome.ok
            ? { ...outcome, result: { rows: outcome.result.entries.map(whiteRow) } }
            : outcome;
        }),
        // Saving and deleting white entries is confirmed Yes/No (spec section 2).
        confirmDelete: fromPromise(({ signal }) => confirm("white:deleteConfirm", "yesNo", signal)),
        deleteRows: fromPromise(({ input }: { input: DeleteRowsInput }) =>
          run(whiteDelete, {
            entries: input.rows.flatMap((row) => {
              const type = typeOf(row.cells.type);
              return type === undefined ? [] : [{ type, value: row.cells.value ?? "" }];
            }),
          }),
        ),
      },
    }),
  );
  return <WhiteListActor.Provider logic={logic}>{children}</WhiteListActor.Provider>;
}
