import type { Transaction } from "kysely";
import { ERROR } from "../../../contract/errors.ts";
import { NEGATIVE_OPERATION } from "../../../contract/eventActions.ts";
import { messageText } from "../../../contract/messages.ts";
import { ApiError } from "../../apiError.ts";
import type { Database } from "../../db/schema.ts";
import {
  deleteEventNegatives,
  eventNegativeCustomerTypes,
  insertNegatives,
} from "../../lists/negativeWrites.ts";
import type { Editor, HeldEvent } from "./editGate.ts";
import { NEGATIVE_CUSTOMER_TYPE, type NegativeParty, partyNegativeEntry } from "./partyNegativeEntry.ts";

export interface NegativeRequest {
  purchaser: string;
  shipping: string;
  settleCategory: string;
  otherCategory: string;
}

const PARTIES: readonly NegativeParty[] = ["purchaser", "shipping"];

/** A validation error at each refused party's field, with the reason in the operator's language. */
const refusedParties = (
  editor: Editor,
  parties: readonly NegativeParty[],
  reason: "validation.noPartyData" | "validation.notRegistered",
): ApiError =>
  new ApiError(
    ERROR.validation,
    parties.map((party) => ({ field: `telegram.${party}`, message: messageText(editor.lang, reason) })),
  );

/**
 * Negative update of one held event (spec 4): per party, 1 registers (or re-registers) the entry
 * built from that party's data, 2 releases the entries this event registered for it (a field error
 * when there are none), 0 leaves it; both 0 answers 902. The look-up keys are rewritten in the same transaction, so the next screening
 * sees the change; events.negatived tells whether the event has any entry registered.
 */
export async function applyNegativeUpdate(
  trx: Transaction<Database>,
  editor: Editor,
  event: HeldEvent,
  request: NegativeRequest,
): Promise<void> {
  const { companyId } = editor;
  if (PARTIES.every((party) => request[party] === NEGATIVE_OPERATION.nothing)) {
    throw new ApiError(ERROR.noItemSelected);
  }
  const registering = PARTIES.filter((party) => request[party] === NEGATIVE_OPERATION.register);
  const parties =
    registering.length === 0
      ? []
      : await trx
          .selectFrom("event_parties")
          .selectAll()
          .where("company_id", "=", companyId)
          .where("event_id", "=", event.eventId)
          .execute();
  const device =
    registering.length === 0
      ? undefined
      : await trx
          .selectFrom("event_devices")
          .selectAll()
          .where("company_id", "=", companyId)
          .where("event_id", "=", event.eventId)
          .executeTakeFirst();
  const card =
    registering.length === 0
      ? undefined
      : await trx
          .selectFrom("event_cards")
          .selectAll()
          .where("company_id", "=", companyId)
          .where("event_id", "=", event.eventId)
          .executeTakeFirst();
  const missing = registering.filter((party) => !parties.some((row) => row.party === party));
  if (missing.length > 0) throw refusedParties(editor, missing, "validation.noPartyData");

  // A release names an entry this event registered: releasing nothing would record a change that is none.
  const releasing = PARTIES.filter((party) => request[party] === NEGATIVE_OPERATION.release);
  if (releasing.length > 0) {
    const held = await eventNegativeCustomerTypes(trx, companyId, event.eventId);
    const unregistered = releasing.filter((party) => !held.includes(NEGATIVE_CUSTOMER_TYPE[party]));
    if (unregistered.length > 0) throw refusedParties(editor, unregistered, "validation.notRegistered");
  }

  const touched = PARTIES.filter((party) => request[party] !== NEGATIVE_OPERATION.nothing);
  // Registration replaces the event's earlier entry of the party; release removes it (keys cascade).
  await deleteEventNegatives(
    trx,
    companyId,
    event.eventId,
    touched.map((party) => NEGATIVE_CUSTOMER_TYPE[party]),
  );
  const entries = registering.flatMap((party) => {
    const partyRow = parties.find((row) => row.party === party);
    if (!partyRow) return [];
    return [
      partyNegativeEntry({
        companyId,
        eventId: event.eventId,
        shopEventId: event.shopEventId,
        tenantName: event.tenantName,
        party,
        partyRow,
        device,
        card,
        settleCategory: request.settleCategory || null,
        otherCategory: request.otherCategory || null,
        operatorId: editor.operatorId,
        now: editor.now,
      }),
    ];
  });
  await insertNegatives(trx, companyId, entries);
  const negatived = (await eventNegativeCustomerTypes(trx, companyId, event.eventId)).length > 0;

  await trx
    .updateTable("events")
    .set({ negatived })
    .where("company_id", "=", companyId)
    .where("event_id", "=", event.eventId)
    .execute();
}
