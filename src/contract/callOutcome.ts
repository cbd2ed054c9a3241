import type { ErrorItem, MessageItem } from "./envelope.ts";

/**
 * What an API call resolves with, as the client answers it and the machines route it. Expected
 * refusals (validation, 903, Duplicate, 015, 688) are values routed with guards; only real exceptions
 * reject the promise.
 */
export type CallOutcome<T> =
  | { ok: true; result: T; messages: MessageItem[] }
  | { ok: false; errors: ErrorItem[] };
