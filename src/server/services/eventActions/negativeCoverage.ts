import type { NegativeCoverage } from "../../../contract/eventDetail.ts";
import { NEGATIVE_ITEMS } from "../../../contract/rules.ts";
import { negativeKeysOf } from "../../lists/negativeKeys.ts";
import { type PartyNegativeData, partyNegativeValues } from "./partyNegativeEntry.ts";

type EntryValues = ReturnType<typeof partyNegativeValues>;

/**
 * The entry's fields that give look-up keys, each with the event's value an operator recognises: the
 * value as the shop sent it (a phone as written, the e-mail domain itself where the entry keeps its
 * hash), or the hashes where the event holds only hashes (e-mail accounts, the name's two, the card).
 */
const KEY_SOURCES: readonly {
  fields: readonly (keyof EntryValues)[];
  shown: (data: PartyNegativeData) => string | null | undefined;
}[] = [
  { fields: ["tel"], shown: ({ party }) => party.tel },
  { fields: ["mobile_tel"], shown: ({ party }) => party.mobile_tel },
  { fields: ["full_address"], shown: ({ party }) => party.full_address },
  { fields: ["zipcode"], shown: ({ party }) => party.zipcode },
  { fields: ["mail_account"], shown: ({ party }) => party.mail_account_hash },
  { fields: ["mobile_mail_account"], shown: ({ party }) => party.mobile_mail_account_hash },
  { fields: ["mail_domain"], shown: ({ party }) => party.mail_domain },
  { fields: ["mobile_mail_domain"], shown: ({ party }) => party.mobile_mail_domain },
  {
    fields: ["normalized_last_name", "normalized_first_name"],
    shown: ({ party }) => [party.last_name_hash, party.first_name_hash].filter(Boolean).join(" "),
  },
  { fields: ["shop_member_id"], shown: ({ party }) => party.shop_member_id },
  { fields: ["ipaddress", "ipaddressv6"], shown: ({ device }) => device?.ipaddress },
  { fields: ["cookie"], shown: ({ device }) => device?.cookie },
  { fields: ["primary_did"], shown: ({ device }) => device?.primary_did },
  { fields: ["did_middle"], shown: ({ device }) => device?.did_middle },
  { fields: ["did_short"], shown: ({ device }) => device?.did_short },
  { fields: ["cchash"], shown: ({ card }) => card?.cchash },
];

/**
 * What registering one party of an event as negative puts on the list, as the engine will match it:
 * one line per look-up key the entry gets (negativeKeysOf over the entry's own values, so a value the
 * engine cannot match, such as a phone without digits, is not promised), in the order of
 * NEGATIVE_ITEMS, a value shown once per item.
 */
export function registrationCoverage(data: PartyNegativeData): NegativeCoverage[] {
  const values = partyNegativeValues(data);
  const lines: NegativeCoverage[] = [];
  for (const source of KEY_SOURCES) {
    const fields: Partial<EntryValues> = Object.fromEntries(
      source.fields.map((field) => [field, values[field]]),
    );
    for (const key of negativeKeysOf(fields)) {
      const value = source.shown(data) ?? "";
      if (!lines.some((line) => line.item === key.item && line.value === value))
        lines.push({ item: key.item, value });
    }
  }
  const rank = (line: NegativeCoverage) => NEGATIVE_ITEMS.indexOf(line.item);
  return lines.sort((a, b) => rank(a) - rank(b));
}
