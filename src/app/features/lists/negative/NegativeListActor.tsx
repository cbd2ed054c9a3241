import { createActorContext, shallowEqual } from "@xstate/react";
import { type ReactNode, useState } from "react";
import type { SnapshotFrom } from "xstate";
import { fromPromise } from "xstate";
import {
  type CsvInput,
  type DeleteInput,
  type LoadPageInput,
  negativeCsvPollingMachine,
  negativeListMachine,
} from "../../../../../machines/lists/negativeListMachine.ts";
import { ERROR } from "../../../../contract/errors.ts";
import {
  negativeCsv,
  negativeCsvLink,
  negativeCsvStatus,
  negativeDelete,
  negativeSearch,
} from "../../../../contract/negativeList.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { openDownloadLink } from "../../../ui/openDownloadLink.ts";
import { rememberNegativeSearch } from "./negativeSearchMemory.ts";

/** The negative list's workflow (machines/lists). */
export const NegativeListActor = createActorContext(negativeListMachine);

// Field errors of the search are shown at their fields; 676 is said in place of the table.
const SEARCH_HANDLING = { handledHere: [ERROR.validation], suppressMessages: true } as const;
// The CSV job's state is asked every second while its file is made: a failed check says 991 on the
// screen with a retry (csvJobPollingMachine), not the system error page. A refused link says 992 on
// the screen; 005 comes with a link in the snackbar.
const POLLED_IN_BACKGROUND = { manual: true, background: true, reportUnexpected: true } as const;
const LINK_HANDLING = { manual: true, reportUnexpected: true } as const;

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
        requestCsv: fromPromise(({ input }: { input: CsvInput }) =>
          run(negativeCsv, { search: input.search, encoding: input.encoding }, { reportUnexpected: true }),
        ),
        followCsvJob: negativeCsvPollingMachine.provide({
          actors: {
            jobStatus: fromPromise(({ input }: { input: { jobId: string } }) =>
              run(negativeCsvStatus, input, POLLED_IN_BACKGROUND),
            ),
          },
        }),
        csvLink: fromPromise(({ input }: { input: { jobId: string } }) =>
          run(negativeCsvLink, input, LINK_HANDLING),
        ),
      },
      actions: {
        openCsvDownload: (_, params) => openDownloadLink(params.result.downloadUrl),
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
    /** The CSV job being followed (its polling's notices read from it), or undefined. */
    csvPolling: snapshot.matches({ exportingCsv: "following" }) ? snapshot.children.followCsvJob : undefined,
    csvJobId: context.csvJobId,
    csvFailed: context.csvNotice === "992",
  };
}

export function useNegativeListView() {
  return NegativeListActor.useSelector(negativeListView, shallowEqual);
}
