import { createActorContext, shallowEqual } from "@xstate/react";
import { type ReactNode, useState } from "react";
import type { SnapshotFrom } from "xstate";
import { fromPromise } from "xstate";
import {
  type CsvInput,
  type DeleteInput,
  type LoadPageInput,
  negativeListMachine,
} from "../../../../../machines/lists/negativeListMachine.ts";
import { ERROR } from "../../../../contract/errors.ts";
import { negativeCsv, negativeDelete, negativeSearch } from "../../../../contract/negativeList.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { rememberNegativeSearch, saveBase64File } from "./negativeSearchMemory.ts";

/** The negative list's workflow (machines/lists). */
export const NegativeListActor = createActorContext(negativeListMachine);

// Field errors of the search are shown at their fields; 676 is said in place of the table.
const SEARCH_HANDLING = { handledHere: [ERROR.validation], suppressMessages: true } as const;

export function NegativeListProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    negativeListMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }: { input: LoadPageInput }) =>
          run(
            negativeSearch,
            { search: input.search, pageSize: input.pageSize as 200, after: input.after },
            SEARCH_HANDLING,
          ),
        ),
        confirmDelete: fromPromise(({ signal }) => confirm("negative:deleteConfirm", "execute", signal)),
        deleteEntries: fromPromise(({ input }: { input: DeleteInput }) =>
          run(
            negativeDelete,
            input.selection.kind === "all"
              ? { kind: "search", search: input.search }
              : { kind: "ids", negativeIds: input.selection.ids },
          ),
        ),
        confirmCsv: fromPromise(({ signal }) => confirm("negative:csvConfirm", "execute", signal)),
        exportCsv: fromPromise(({ input }: { input: CsvInput }) =>
          run(negativeCsv, { search: input.search, encoding: input.encoding }, { reportUnexpected: true }),
        ),
      },
      actions: {
        saveCsv: (_, params) =>
          saveBase64File(params.file.fileName, params.file.base64, params.file.contentType),
        rememberSearch: ({ context }) => rememberNegativeSearch(context.search),
      },
    }),
  );
  return <NegativeListActor.Provider logic={logic}>{children}</NegativeListActor.Provider>;
}

type Snapshot = SnapshotFrom<typeof negativeListMachine>;

/** What the list screen shows, named, derived from the workflow's snapshot. */
export function negativeListView(snapshot: Snapshot) {
  const { context } = snapshot;
  return {
    busy: snapshot.hasTag("busy"),
    page: context.page,
    pageNumber: context.positions.length,
    pageSize: context.pageSize,
    selection: context.selection,
    errors: context.errors,
    empty: snapshot.matches("empty"),
    failed: snapshot.matches("failed"),
    loading: snapshot.matches("loading"),
    canNext: snapshot.can({ type: "page.next" }),
    canPrevious: snapshot.can({ type: "page.previous" }),
    canDelete: snapshot.can({ type: "delete.request" }),
    canExport: snapshot.matches("showing"),
    deleting: snapshot.matches("deleting") || snapshot.matches("confirmingDelete"),
    exporting: snapshot.matches("exportingCsv") || snapshot.matches("confirmingCsv"),
  };
}

export function useNegativeListView() {
  return NegativeListActor.useSelector(negativeListView, shallowEqual);
}
