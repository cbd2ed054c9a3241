import type { Lang } from "../../../contract/envelope.ts";
import { codeLabel, EVENT_CODE_FIELDS, EVENT_CODE_LABELS } from "../../../contract/eventCodeLabels.ts";
import {
  EVENT_FIELD_LABELS,
  EVENT_SECTION_LABELS,
  EVENT_SECTIONS,
  EXPORT_GROUPS,
  type ExportGroup,
  fieldsOfParty,
} from "../../../contract/eventFields.ts";
import { firedRuleDescription } from "../../../contract/screening.ts";
import { type CsvDelimiter, defuseFormula, FORMULA_START } from "../csvSafe.ts";

/**
 * Several values in one cell (an event's order items, fired rules, related events) are joined by this,
 * in the same order in every column of the group, so the n-th part of each cell belongs to one item.
 */
export const MULTI_VALUE_SEPARATOR = " | ";

/**
 * Related events per shared key in the CSV: the newest few, as the detail lists them first. The detail
 * shows up to RELATED_PER_KEY (20); 150,000 rows of up to 120 IDs each would make most of the file and
 * of the export's time.
 */
export const CSV_RELATED_PER_KEY = 5;

/**
 * One event as the batch statement returns it (eventExportBatch.ts): one JSON value per chosen group,
 * in EXPORT_GROUPS order. A one-row group (basic, a party, device, card, other) is the array of its
 * fields' values, or null when the event has no such part; a many-row group (order, fired rule) is
 * an array of such arrays, empty when there are none; related events are an array of texts
 * "<key type> <event ID> <event ID>...", one per link key of the event, or null. Dates arrive as
 * their text.
 */
export type ExportRow = readonly unknown[];
type Values = readonly unknown[] | null;

/** The file's plan for the chosen groups: headers, the SQL of each group's value, and the row formatter. */
export interface EventCsvPlan {
  headers: string[];
  /** SQL expressions over `events e`, one per chosen group, in the order of ExportRow. */
  groupSql: string[];
  /** One event's line (without the line end): cells made safe and quoted as csvSafe.ts does. */
  formatRow: (row: ExportRow) => string;
}

const DATE_FIELDS: ReadonlySet<string> = new Set(["createdAt", "requestedAt", "deadline"]);

/** camelCase field key to its snake_case column (lineJName -> line_j_name). */
const columnOf = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * A date column as yyyy/MM/dd HH:mm:ss Japan time (no daylight saving), formatted by PostgreSQL (the
 * fixed offset needs no time zone data, which PGlite may lack); fractions of a second are cut, not rounded.
 */
const dateSql = (ref: string): string =>
  `to_char((${ref} at time zone 'UTC') + interval '9 hours', 'YYYY/MM/DD HH24:MI:SS')`;

/** The fields of a group, in column order. */
function groupFields(group: ExportGroup): readonly string[] {
  switch (group) {
    case "basic":
      return EVENT_SECTIONS.basic;
    case "purchaser":
      return fieldsOfParty("purchaser");
    case "shipping":
      return fieldsOfParty("shipping");
    case "order":
      return EVENT_SECTIONS.item;
    case "device":
      return EVENT_SECTIONS.device;
    case "card":
      return EVENT_SECTIONS.card;
    case "other":
      return EVENT_SECTIONS.other;
    case "firedRule":
      return EVENT_SECTIONS.firedRule;
    case "relatedEvent":
      // maAdditionAmountFlg is derived from each related event's own row (the detail reads them);
      // the CSV does not read the related events themselves.
      return EVENT_SECTIONS.relatedEvent.filter((field) => field !== "maAdditionAmountFlg");
  }
}

/** The fired rules' own group column, named apart from the basic group's deciding rule group. */
const FIRED_RULE_GROUP_HEADER: Record<Lang, string> = { en: "Fired rule group", ja: "発火ルールグループ" };

/** "Phone number" after a group name reads "Purchaser phone number"; an acronym (IP, BIN) keeps its case. */
const afterGroupName = (label: string): string =>
  /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

/**
 * A column's header: its field's name, the purchaser's and shipping's every column prefixed with the
 * party (so a filtered spreadsheet still says whose address it is), and the fired rules' group named
 * apart from the deciding group of the basic group. Headers are unique (eventCsvColumns.test.ts).
 */
function header(lang: Lang, group: ExportGroup, field: string): string {
  const label = (EVENT_FIELD_LABELS[lang] as Record<string, string>)[field] ?? field;
  if (group === "purchaser" || group === "shipping") {
    const party = EVENT_SECTION_LABELS[lang][group];
    return lang === "ja" ? `${party}${label}` : `${party} ${afterGroupName(label)}`;
  }
  if (group === "firedRule" && field === "ruleGroupName") return FIRED_RULE_GROUP_HEADER[lang];
  return label;
}

/** The SQL of one group's value for the event `e` (see ExportRow). Identifiers are the constants above. */
function groupSql(group: ExportGroup): string {
  const values = (alias: string) =>
    `json_build_array(${groupFields(group)
      .map((field) =>
        DATE_FIELDS.has(field) ? dateSql(`${alias}.${columnOf(field)}`) : `${alias}.${columnOf(field)}`,
      )
      .join(", ")})`;
  const ofEvent = (alias: string) => `${alias}.company_id = e.company_id and ${alias}.event_id = e.event_id`;
  switch (group) {
    case "basic":
    case "other":
      return values("e");
    case "purchaser":
    case "shipping":
      return `(select ${values("p")} from event_parties p where ${ofEvent("p")} and p.party = '${group}')`;
    case "device":
      return `(select ${values("d")} from event_devices d where ${ofEvent("d")})`;
    case "card":
      return `(select ${values("c")} from event_cards c where ${ofEvent("c")})`;
    // A many-row group as an ARRAY of its ordered rows: the primary key's order serves the ORDER BY,
    // where json_agg(... order by ...) sorts every event's rows (~1 ms less per batch of 500).
    case "order":
      return `array_to_json(array(select ${values("i")} from event_items i where ${ofEvent("i")} order by i.item_no))`;
    case "firedRule":
      // The deciding release's rules only, as the detail lists them.
      return `array_to_json(array(select ${values("f")} from event_fired_rules f where ${ofEvent("f")} and f.release_kind = 'normal' order by f.seq))`;
    case "relatedEvent":
      // Per link key of the event (by key type, then value), the newest earlier events sharing its
      // value, through event_link_keys' primary key (as relatedEvents, screening/relatedEvents.ts,
      // probes them), as one text "<key type> <event ID> <event ID>...": an ordered array per key
      // needs no sort of its events, only of the event's few keys (a batch of 500 took ~40 ms of
      // PostgreSQL CPU instead of ~45 for one text per link ordered in the aggregate), and makes
      // fewer strings to parse (bench (f): server CPU 7.1 -> 6.5 s). Key types are LINK_KEYS words
      // and event IDs the console's own (letters and digits): the spaces are unambiguous.
      // The probes (~9 us each, ~6 per event) are most of the batch statement's cost, yet measured
      // alternatives did worse (bench (f)): reading each value once per batch saves little (81% of a
      // batch's keys have a value of their own) and its ranking SQL cost more than the probes; a
      // covering hash-keyed index saved ~20% of the probe time for 1.4 GB more to write at screening;
      // keeping each value's events in the server across batches cut PostgreSQL CPU 24 -> 18 s but
      // raised the server's 8.5 -> 17 s and its RSS growth past 150 MB.
      return `(select json_agg(k.key_type || ' ' || array_to_string(array(
          select o.event_id from event_link_keys o
          where o.company_id = k.company_id and o.key_type = k.key_type and o.key_value = k.key_value
            and o.created_at <= k.created_at and o.event_id <> k.event_id
          order by o.created_at desc, o.event_id desc
          limit ${CSV_RELATED_PER_KEY}
        ), ' ') order by k.key_type, k.key_value collate "C")
        from event_link_keys k
        where ${ofEvent("k")})`;
  }
}

/**
 * A cell's text as csvSafe.csvCell writes it: a formula-like start defused, then quoted (quotes
 * doubled) when it holds the delimiter, a quote or a line end. Most cells need neither: one test
 * of both lets them through as they are.
 */
function cellWriter(delimiter: CsvDelimiter): (value: unknown) => string {
  const needsQuotes = delimiter === "\t" ? /[\t"\r\n]/ : /[,"\r\n]/;
  const special = new RegExp(`${FORMULA_START.source}|${needsQuotes.source}`);
  return (value) => {
    if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
    if (value === null || value === undefined || value === "") return "";
    const text = typeof value === "string" ? value : String(value);
    if (!special.test(text)) return text;
    const safe = defuseFormula(text);
    return needsQuotes.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
}

/**
 * How one field's stored value reads in the file: a code by its display name (a named "none" for
 * maresult and settle status), a list joined, anything else as it is (dates come formatted).
 */
function displayer(lang: Lang, field: string): (raw: unknown) => unknown {
  const kind = EVENT_CODE_FIELDS[field];
  if (kind) {
    return (raw) =>
      codeLabel(
        lang,
        kind,
        raw === null || raw === undefined || typeof raw === "boolean" ? raw : String(raw),
      );
  }
  return (raw) => (Array.isArray(raw) ? raw.join(MULTI_VALUE_SEPARATOR) : raw);
}

/** Parts of a many-row group joined into one cell's text (a missing value is empty). */
function joinParts(parts: readonly unknown[]): string {
  let text = "";
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (i > 0) text += MULTI_VALUE_SEPARATOR;
    if (part !== null && part !== undefined) text += String(part);
  }
  return text;
}

/** The related event group's two cells of one event: the event IDs and their shared keys' names. */
interface RelatedCells {
  eventIds: string;
  sharedKeys: string;
}

/**
 * The related event cells from the per-key texts "<key type> <event ID>..." (sorted by key type):
 * one link per related event and key type, so an event sharing both of two addresses is listed
 * once, with the first. Built in one pass over the texts (no split, no object per link): the
 * group is read for every event of the file.
 */
function relatedCells(keys: readonly string[], keyName: (key: string) => string): RelatedCells {
  let eventIds = "";
  let sharedKeys = "";
  // A key type's links are few (CSV_RELATED_PER_KEY per value): a scan finds a repeat.
  const ofType: string[] = [];
  let type = "";
  for (const text of keys) {
    let space = text.indexOf(" ");
    const key = space === -1 ? text : text.slice(0, space);
    if (key !== type) {
      type = key;
      ofType.length = 0;
    }
    const name = keyName(key);
    while (space !== -1) {
      const next = text.indexOf(" ", space + 1);
      const eventId = text.slice(space + 1, next === -1 ? undefined : next);
      space = next;
      if (eventId === "" || ofType.includes(eventId)) continue;
      ofType.push(eventId);
      if (eventIds !== "") {
        eventIds += MULTI_VALUE_SEPARATOR;
        sharedKeys += MULTI_VALUE_SEPARATOR;
      }
      eventIds += eventId;
      sharedKeys += name;
    }
  }
  return { eventIds, sharedKeys };
}

type ValueReader = (row: ExportRow) => unknown;
type RelatedReader = (row: ExportRow, slot: number) => RelatedCells;

/** relatedCells of the row last asked for: the group's two columns read the same row in turn. */
function lastRowRelated(lang: Lang): RelatedReader {
  const names: Record<string, string> = EVENT_CODE_LABELS[lang].sharedKey;
  const keyName = (key: string) => names[key] ?? key;
  let lastRow: ExportRow | undefined;
  let lastCells: RelatedCells = { eventIds: "", sharedKeys: "" };
  return (row, slot) => {
    if (row !== lastRow) {
      lastRow = row;
      lastCells = relatedCells((row[slot] as readonly string[] | null) ?? [], keyName);
    }
    return lastCells;
  };
}

/** How a record fills one column, before the cell is made safe. */
function valueReader(
  lang: Lang,
  group: ExportGroup,
  slot: number,
  field: string,
  index: number,
  relatedOf: RelatedReader,
): ValueReader {
  const show = displayer(lang, field);
  switch (group) {
    case "basic":
    case "other":
    case "purchaser":
    case "shipping":
    case "device":
    case "card":
      // A missing part leaves its columns empty, named "none" codes included.
      return (row) => {
        const values = row[slot] as Values;
        return values ? show(values[index]) : "";
      };
    case "order":
      return (row) => {
        const items = (row[slot] as (readonly unknown[])[] | null) ?? [];
        return joinParts(items.map((item) => show(item[index])));
      };
    case "firedRule":
      if (field === "isReasonRule")
        // The codes of the rules that decided the result, a subset of the rule code column.
        return (row) => {
          const rules = (row[slot] as (readonly unknown[])[] | null) ?? [];
          return joinParts(rules.filter((rule) => rule[index] === true).map((rule) => rule[0]));
        };
      if (field === "ruleDescription")
        // The system's forced NG in the file's language (its code is the rule's first value).
        return (row) =>
          joinParts(
            ((row[slot] as (readonly unknown[])[] | null) ?? []).map((rule) =>
              firedRuleDescription(lang, String(rule[0]), String(rule[index] ?? "")),
            ),
          );
      return (row) =>
        joinParts(((row[slot] as (readonly unknown[])[] | null) ?? []).map((rule) => rule[index]));
    case "relatedEvent":
      return field === "sharedKey"
        ? (row) => relatedOf(row, slot).sharedKeys
        : (row) => relatedOf(row, slot).eventIds;
  }
}

/** The plan of the file for the chosen groups, always in the order of EXPORT_GROUPS. */
export function eventCsvPlan(
  lang: Lang,
  groups: readonly ExportGroup[],
  delimiter: CsvDelimiter,
): EventCsvPlan {
  const chosen = new Set(groups);
  const ordered = EXPORT_GROUPS.filter((group) => chosen.has(group));
  const headers: string[] = [];
  const readers: ValueReader[] = [];
  const relatedOf = lastRowRelated(lang);
  ordered.forEach((group, slot) => {
    groupFields(group).forEach((field, index) => {
      headers.push(header(lang, group, field));
      readers.push(valueReader(lang, group, slot, field, index, relatedOf));
    });
  });
  const cell = cellWriter(delimiter);
  return {
    headers,
    groupSql: ordered.map(groupSql),
    formatRow(row) {
      let line = "";
      for (let i = 0; i < readers.length; i++) {
        if (i > 0) line += delimiter;
        line += cell((readers[i] as ValueReader)(row));
      }
      return line;
    },
  };
}
