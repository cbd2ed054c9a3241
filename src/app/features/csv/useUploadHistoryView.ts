import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { uploadHistoryMachine } from "../../../../machines/csv/uploadHistoryMachine.ts";
import { UploadHistoryActor } from "./UploadHistoryActor.tsx";

/** What a history screen shows, derived from its workflow's snapshot. */
export function uploadHistoryView(snapshot: SnapshotFrom<typeof uploadHistoryMachine>) {
  const { filter, page, result, errors, notice } = snapshot.context;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  return {
    filter,
    page,
    pages,
    jobs: result?.jobs ?? [],
    total: result?.total ?? 0,
    /** The first row's number on this page (No). */
    firstNo: result ? (page - 1) * result.pageSize + 1 : 1,
    loading: snapshot.hasTag("busy"),
    failed: snapshot.matches("failed"),
    errors,
    downloading: snapshot.hasTag("downloading"),
    linkRefused: notice === "992",
  };
}

export function useUploadHistoryView() {
  return UploadHistoryActor.useSelector(uploadHistoryView, shallowEqual);
}
