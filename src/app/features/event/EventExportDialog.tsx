import { selectedCount, selectionForCall } from "../../../../machines/event/eventSelection.ts";
import { EventCsvOutputDialog } from "./EventCsvOutputDialog.tsx";
import { EventSearchActor } from "./EventSearchActor.tsx";

/**
 * CSV output of the selection: the CSV output dialog is open while the list's machine is in
 * results.exporting (entered only with a non-empty selection of one screening model); closing it
 * returns the list to browsing with the selection kept.
 */
export function EventExportDialog() {
  const list = EventSearchActor.useActorRef();
  const open = EventSearchActor.useSelector((snapshot) =>
    snapshot.matches({ list: { results: "exporting" } }),
  );
  const selection = EventSearchActor.useSelector((snapshot) => snapshot.context.selection);
  const forCall = selectionForCall(selection);
  if (!forCall) return null;
  return (
    <EventCsvOutputDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) list.send({ type: "export.close" });
      }}
      selection={forCall}
      selectedCount={selectedCount(selection)}
    />
  );
}
