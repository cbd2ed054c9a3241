import type { Transaction } from "kysely";
import { z } from "zod";
import {
  NEGATIVE_OPERATION,
  NEGATIVE_OTHER_CATEGORIES,
  NEGATIVE_SETTLE_CATEGORIES,
} from "../../contract/eventActions.ts";
import { messageText } from "../../contract/messages.ts";
import {
  CSV_CUSTOMER_TYPE,
  CSV_CUSTOMER_TYPES,
  type CsvNegativeEventOptions,
  UPLOAD_TYPE,
} from "../../contract/uploadOptions.ts";
import { issue, issueMessage, optionalText, rules } from "../../contract/validation.ts";
import { ApiError } from "../apiError.ts";
import type { Database, NewNegative } from "../db/schema.ts";
import { memberNegativeIds } from "../lists/memberNegatives.ts";
import { negativeIdsWithValues } from "../lists/negativeValueMatch.ts";
import { deleteNegatives, eventNegativeCustomerTypes, insertNegatives } from "../lists/negativeWrites.ts";
import { domainHash } from "../screening/normalize.ts";
import { type Editor, holdEventForEdit } from "../services/eventActions/editGate.ts";
import { applyNegativeUpdate } from "../services/eventActions/negativeUpdate.ts";
import {
  NEGATIVE_ADD_TYPE_FROM_EVENT,
  NEGATIVE_CUSTOMER_TYPE,
} from "../services/eventActions/partyNegativeEntry.ts";
import { eventFileColumns, resolveEventRows } from "./eventRefs.ts";
import type { RowBatchContext, RowOutcome, UploadRow, UploadRowHandler } from "./rowHandler.ts";
import { refusalText, rowText } from "./rowTexts.ts";

/**
 * CSV negative registration (/CsvNegative, the negative list's CSV upload). Entries are written only
 * through the lists module (lists/negativeWrites.ts), which keeps their match keys in step, so the
 * next screening through the API sees the change. Entries from an upload record upload origin 20
 * (the shop), as the console's own registrations do.
 */

const editorOf = (context: RowBatchContext): Editor => ({
  companyId: context.companyId,
  operatorId: context.operatorId,
  roleId: "",
  lang: context.lang,
  sourceIp: "",
  now: context.now,
});

/** Spec 9's CSV customer type as the entries' own (0 purchaser, 1 shipping, 2 both). */
const ENTRY_CUSTOMER_TYPE: Record<string, string> = {
  [CSV_CUSTOMER_TYPE.purchaser]: NEGATIVE_CUSTOMER_TYPE.purchaser,
  [CSV_CUSTOMER_TYPE.shipping]: NEGATIVE_CUSTOMER_TYPE.shipping,
  [CSV_CUSTOMER_TYPE.both]: "2",
};

/** One event's registration (or, register 0, release of both parties) as the event detail's negative update. */
async function negativeForEvent(
  trx: Transaction<Database>,
  context: RowBatchContext,
  options: CsvNegativeEventOptions,
  eventId: string,
): Promise<RowOutcome> {
  const editor = editorOf(context);
  const version = await trx
    .selectFrom("events")
    .select("version")
    .where("company_id", "=", context.companyId)
    .where("event_id", "=", eventId)
    .executeTakeFirstOrThrow();
  const event = await holdEventForEdit(trx, editor, eventId, version.version);
  let purchaser: string = NEGATIVE_OPERATION.nothing;
  let shipping: string = NEGATIVE_OPERATION.nothing;
  if (options.register === "0") {
    const held = await eventNegativeCustomerTypes(trx, context.companyId, eventId);
    if (held.includes(NEGATIVE_CUSTOMER_TYPE.purchaser)) purchaser = NEGATIVE_OPERATION.release;
    if (held.includes(NEGATIVE_CUSTOMER_TYPE.shipping)) shipping = NEGATIVE_OPERATION.release;
    if (held.length === 0)
      return { applied: false, column: null, message: messageText(context.lang, "validation.notRegistered") };
  } else {
    const parties = new Set(
      (
        await trx
          .selectFrom("event_parties")
          .select("party")
          .where("company_id", "=", context.companyId)
          .where("event_id", "=", eventId)
          .execute()
      ).map((row) => row.party),
    );
    const wantPurchaser = options.customerType !== CSV_CUSTOMER_TYPE.shipping;
    const wantShipping = options.customerType !== CSV_CUSTOMER_TYPE.purchaser;
    // Both: the parties the event has (an order without a separate shipping party registers its purchaser).
    const both = options.customerType === CSV_CUSTOMER_TYPE.both;
    if (wantPurchaser && (!both || parties.has("purchaser"))) purchaser = NEGATIVE_OPERATION.register;
    if (wantShipping && (!both || parties.has("shipping"))) shipping = NEGATIVE_OPERATION.register;
    if (purchaser === NEGATIVE_OPERATION.nothing && shipping === NEGATIVE_OPERATION.nothing)
      return { applied: false, column: null, message: messageText(context.lang, "validation.noPartyData") };
  }
  await applyNegativeUpdate(trx, editor, event, {
    purchaser,
    shipping,
    settleCategory: options.settleCategory,
    otherCategory: options.otherCategory,
  });
  await trx
    .updateTable("events")
    .set((eb) => ({ version: eb("version", "+", 1), updated_at: context.now }))
    .where("company_id", "=", context.companyId)
    .where("event_id", "=", eventId)
    .execute();
  return { applied: true };
}

/** A member ID (20): registered as an entry of its own per customer type, or (register 0) its entries removed. */
async function negativeForMember(
  trx: Transaction<Database>,
  context: RowBatchContext,
  options: CsvNegativeEventOptions,
  row: UploadRow,
): Promise<RowOutcome> {
  const shopMemberId = (row.values.shopMemberId ?? "").trim();
  if (shopMemberId === "")
    return {
      applied: false,
      column: "shopMemberId",
      message: messageText(context.lang, "validation.required"),
    };
  if ([...shopMemberId].length > 100)
    return {
      applied: false,
      column: "shopMemberId",
      message: messageText(context.lang, "validation.max", { max: 100 }),
    };
  const { companyId } = context;
  if (options.register === "0") {
    const ids = await memberNegativeIds(trx, companyId, shopMemberId, null);
    if (ids.length === 0)
      return { applied: false, column: null, message: messageText(context.lang, "validation.notRegistered") };
    await deleteNegatives(trx, companyId, ids);
    return { applied: true };
  }
  const types =
    options.customerType === CSV_CUSTOMER_TYPE.both
      ? [NEGATIVE_CUSTOMER_TYPE.purchaser, NEGATIVE_CUSTOMER_TYPE.shipping]
      : [ENTRY_CUSTOMER_TYPE[options.customerType] as string];
  // Registering again replaces the member's entry of the type (its categories and times refreshed).
  await deleteNegatives(trx, companyId, await memberNegativeIds(trx, companyId, shopMemberId, types));
  await insertNegatives(
    trx,
    companyId,
    types.map((customerType) => ({
      created_at: context.now,
      updated_at: context.now,
      add_type: NEGATIVE_ADD_TYPE_FROM_EVENT,
      customer_type: customerType,
      shop_member_id: shopMemberId,
      settle_category: options.settleCategory || null,
      other_category: options.otherCategory || null,
      created_by: context.operatorId,
      updated_by: context.operatorId,
    })),
  );
  return { applied: true };
}

export const csvNegativeEventRowHandler: UploadRowHandler = {
  fileType: "CsvNegativeEvent",
  columns: eventFileColumns(UPLOAD_TYPE.csv),
  columnsFor: (options) => eventFileColumns((options as CsvNegativeEventOptions).uploadType),
  sampleRows: [
    { eventId: "E20260401101500000001", shopEventId: "" },
    { eventId: "", shopEventId: "ORDER-0002" },
  ],

  async applyBatch(trx, context, rows) {
    const options = context.options as CsvNegativeEventOptions;
    const outcomes: RowOutcome[] = [];
    const members = options.uploadType === UPLOAD_TYPE.memberId;
    const resolved = members ? [] : await resolveEventRows(trx, context.companyId, context.lang, rows);
    const seenMembers = new Set<string>();
    for (const [index, row] of rows.entries()) {
      try {
        if (members) {
          const id = (row.values.shopMemberId ?? "").trim();
          if (seenMembers.has(id)) {
            outcomes.push({
              applied: false,
              column: "shopMemberId",
              message: rowText(context.lang, "duplicateInFile", { column: "shopMemberId" }),
            });
            continue;
          }
          seenMembers.add(id);
          outcomes.push(await negativeForMember(trx, context, options, row));
          continue;
        }
        const entry = resolved[index];
        if (!entry || !("eventId" in entry)) {
          outcomes.push(entry ?? { applied: false, column: null, message: "" });
          continue;
        }
        outcomes.push(await negativeForEvent(trx, context, options, entry.eventId));
      } catch (error) {
        // The event detail's checks refuse before anything is written: the row is refused, the batch goes on.
        if (!(error instanceof ApiError)) throw error;
        outcomes.push({ applied: false, column: null, message: refusalText(context.lang, error) });
      }
    }
    return outcomes;
  },
};

const hash64 = z
  .string()
  .regex(/^[0-9A-Fa-f]{64}$/, issue("hashSHA256"))
  .transform((value) => value.toUpperCase());
const domainOrHash = z
  .string()
  .max(253, issue("max", { max: 253 }))
  .refine((value) => /^[0-9A-Fa-f]{64}$/.test(value) || rules.domain(value), issue("domain"));
const ipField = z
  .string()
  .max(50, issue("max", { max: 50 }))
  .refine((value) => rules.ipAddressV4(value) || rules.ipAddressV6(value), issue("ipAddressV4"));

/** The value columns of a CsvNegativeItem row (the negative entry's items, spec section 3). */
const ITEM_FIELDS = {
  shopMemberId: optionalText(100),
  lastNameHash: hash64,
  firstNameHash: hash64,
  zipcode: optionalText(100),
  fullAddress: optionalText(200),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, issue("dateFormat", { format: "YYYY-MM-DD" })),
  tel: optionalText(20),
  mobileTel: optionalText(20),
  mailAccountHash: hash64,
  mailDomain: domainOrHash,
  mobileMailAccountHash: hash64,
  mobileMailDomain: domainOrHash,
  company: optionalText(100),
  depart: optionalText(100),
  ipaddress: ipField,
  cookie: optionalText(500),
  primaryDid: optionalText(38),
  didMiddle: optionalText(128),
  didShort: optionalText(128),
  cchash: hash64,
} as const;
type ItemField = keyof typeof ITEM_FIELDS;
const ITEM_COLUMNS = Object.keys(ITEM_FIELDS) as ItemField[];

export const CSV_NEGATIVE_ITEM_COLUMNS: readonly string[] = [
  "customerType",
  "register",
  ...ITEM_COLUMNS,
  "settleCategory",
  "otherCategory",
];

const categorySchema = {
  settleCategory: z.enum(["", ...NEGATIVE_SETTLE_CATEGORIES]),
  otherCategory: z.enum(["", ...NEGATIVE_OTHER_CATEGORIES]),
};

/** Register or cancel (spec 9): "1" registers, "0" cancels by value; an empty cell registers. */
const REGISTER_FLAGS = ["1", "0"] as const;

type ItemEntry = Omit<NewNegative, "company_id"> & { cancel: boolean };

/** A row as a negative entry (to register, or to cancel by its values), or why not (the column and the reason). */
function itemEntry(
  context: RowBatchContext,
  row: UploadRow,
): ItemEntry | { column: string | null; message: string } {
  const { lang } = context;
  const cell = (column: string) => (row.values[column] ?? "").trim();
  const register = cell("register") || "1";
  if (!(REGISTER_FLAGS as readonly string[]).includes(register))
    return {
      column: "register",
      message: messageText(lang, "validation.oneOf", { values: REGISTER_FLAGS.join(", ") }),
    };
  const customerType = cell("customerType");
  if (customerType === "")
    return { column: "customerType", message: messageText(lang, "validation.required") };
  if (!(CSV_CUSTOMER_TYPES as readonly string[]).includes(customerType))
    return {
      column: "customerType",
      message: messageText(lang, "validation.oneOf", { values: CSV_CUSTOMER_TYPES.join(", ") }),
    };
  const values: Partial<Record<ItemField, string>> = {};
  for (const column of ITEM_COLUMNS) {
    const raw = cell(column);
    if (raw === "") continue;
    const parsed = ITEM_FIELDS[column].safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return {
        column,
        message: first ? issueMessage(lang, first) : messageText(lang, "validation.invalidType"),
      };
    }
    values[column] = parsed.data;
  }
  for (const column of ["settleCategory", "otherCategory"] as const) {
    const parsed = categorySchema[column].safeParse(cell(column));
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return {
        column,
        message: first ? issueMessage(lang, first) : messageText(lang, "validation.invalidType"),
      };
    }
  }
  if (Object.keys(values).length === 0) return { column: null, message: rowText(lang, "noNegativeItem") };
  const ip = values.ipaddress ?? null;
  const isV6 = ip?.includes(":") ?? false;
  return {
    cancel: register === "0",
    created_at: context.now,
    updated_at: context.now,
    add_type: NEGATIVE_ADD_TYPE_FROM_EVENT,
    customer_type: ENTRY_CUSTOMER_TYPE[customerType] ?? null,
    shop_member_id: values.shopMemberId ?? null,
    normalized_last_name: values.lastNameHash ?? null,
    normalized_first_name: values.firstNameHash ?? null,
    zipcode: values.zipcode ?? null,
    full_address: values.fullAddress ?? null,
    birth_date: values.birthDate ?? null,
    tel: values.tel ?? null,
    mobile_tel: values.mobileTel ?? null,
    mail_account: values.mailAccountHash ?? null,
    mail_domain: domainHash(values.mailDomain) ?? null,
    mobile_mail_account: values.mobileMailAccountHash ?? null,
    mobile_mail_domain: domainHash(values.mobileMailDomain) ?? null,
    company: values.company ?? null,
    depart: values.depart ?? null,
    ipaddress: isV6 ? null : ip,
    ipaddressv6: isV6 ? ip : null,
    cookie: values.cookie ?? null,
    primary_did: values.primaryDid ?? null,
    did_middle: values.didMiddle ?? null,
    did_short: values.didShort ?? null,
    cchash: values.cchash ?? null,
    settle_category: cell("settleCategory") || null,
    other_category: cell("otherCategory") || null,
    created_by: context.operatorId,
    updated_by: context.operatorId,
  };
}

/**
 * CsvNegativeItem: one negative entry per row, by its values (no event), registered as the list's
 * quick registration; a row with register 0 cancels instead: it removes the entries that hold exactly
 * its values (the same match keys) of its customer type (lists/negativeValueMatch.ts), or is refused
 * when there is none. Rows apply in file order: a cancel sees the registrations of the rows before it.
 */
export const csvNegativeItemRowHandler: UploadRowHandler = {
  fileType: "CsvNegativeItem",
  columns: CSV_NEGATIVE_ITEM_COLUMNS,
  optionalColumns: ["register"],
  sampleRows: [
    { customerType: "10", register: "1", tel: "090-1234-5678", settleCategory: "", otherCategory: "" },
    { customerType: "30", register: "1", fullAddress: "東京都新宿区西新宿2-8-1", ipaddress: "198.51.100.23" },
    { customerType: "10", register: "0", tel: "090-8765-4321" },
  ],
  async applyBatch(trx, context, rows) {
    let pending: Omit<NewNegative, "company_id">[] = [];
    // Registrations go in one insert per run of rows; a cancel first stores the rows before it.
    const flush = async () => {
      await insertNegatives(trx, context.companyId, pending);
      pending = [];
    };
    const outcomes: RowOutcome[] = [];
    for (const row of rows) {
      const entry = itemEntry(context, row);
      if ("message" in entry) {
        outcomes.push({ applied: false, column: entry.column, message: entry.message });
        continue;
      }
      const { cancel, ...values } = entry;
      if (!cancel) {
        pending.push(values);
        outcomes.push({ applied: true });
        continue;
      }
      await flush();
      const ids = await negativeIdsWithValues(trx, context.companyId, values);
      if (ids.length === 0) {
        outcomes.push({
          applied: false,
          column: null,
          message: rowText(context.lang, "noNegativeToCancel"),
        });
        continue;
      }
      await deleteNegatives(trx, context.companyId, ids);
      outcomes.push({ applied: true });
    }
    await flush();
    return outcomes;
  },
};
