import type { KeyValueStorage } from "./browserStorage.ts";
import { readLoginInfo } from "./session.ts";

/**
 * The storage key of one of the signed-in operator's browser preferences (the event list's page
 * size, single-key shortcuts on or off): `<name>:<company ID>:<operator ID>` from the login info, so
 * on a PC analysts share, one analyst's choice never carries over to the next one who signs in.
 * Null without an operator signed in: a choice then has no one to belong to, and is not kept.
 */
export function operatorPreferenceKey(name: string, storage: KeyValueStorage = localStorage): string | null {
  const operator = readLoginInfo(storage)?.loginOperator;
  return operator ? `${name}:${operator.companyId}:${operator.operatorId}` : null;
}
