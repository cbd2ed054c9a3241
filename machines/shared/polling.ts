/**
 * How often a background CSV job's state is asked for while it runs: the event CSV output
 * (csvExportMachine) and the CSV upload job (csvJobPollingMachine) poll alike.
 */
export const CSV_POLL_MS = 1_000;
