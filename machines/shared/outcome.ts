import type { ErrorItem, MessageItem } from "../../src/contract/envelope.ts";

/**
 * What an API actor hands back to a machine: a result with its success messages, or the expected
 * refusals of spec section 8 as values (guards route on them). Real failures (network, a body that is
 * not an envelope) are thrown instead and reach the machine's onError.
 */
export type CallOutcome<T> = { ok: true; result: T; messages: MessageItem[] } | { ok: false; errors: ErrorItem[] };
