/**
 * CSV output of the selection: the list shows the CSV output dialog (H3's EventCsvOutputDialog) while
 * the machine is in results.exporting. That dialog is not in this build yet, so nothing is shown.
 */
export function EventExportDialog() {
  return null;
}
