import { Badge, DataList, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../../ui/AppLink.tsx";
import { ResultMark } from "../../../ui/ResultMark.tsx";
import type { ResultTone } from "../../../ui/resultTone.ts";
import { OverdueMark } from "../OverdueMark.tsx";

export interface ShownField {
  key: string;
  label: string;
  value: string;
  /** A result (aaresult, maresult): the value is shown as a result mark of this tone. */
  tone?: ResultTone;
  /** A remark read with the value (e.g. that it differs from the other party's). */
  note?: string;
  /** The event list's search for the events sharing the value (fieldSearch.ts): the value links there. */
  searchPath?: string;
  /** A manual screening deadline passed without a manual result: marked so (OverdueMark). */
  overdue?: boolean;
}

/** From this many fields, a list across the full width is shown in two columns. */
const TWO_COLUMNS_FROM = 8;

/**
 * Field names and values of one part of the event, in the operator's order. `wide`: the list has the
 * row to itself, so from TWO_COLUMNS_FROM fields it reads down the first column, then the second
 * (stacked where the screen is narrow), instead of leaving half the width empty. `allHidden`: the
 * operator's layout shows none of the section's fields, which is said as such, never as "No data"
 * (what an event without that part reads).
 */
export function FieldList({
  fields,
  wide = false,
  allHidden = false,
}: {
  fields: readonly ShownField[];
  wide?: boolean;
  allHidden?: boolean;
}) {
  const { t } = useTranslation("eventDetail");
  if (allHidden) return <HiddenByLayout text={t("allHidden")} />;
  if (fields.length === 0)
    return (
      <Text as="p" color="gray">
        {t("noData")}
      </Text>
    );
  if (!wide || fields.length < TWO_COLUMNS_FROM) return <Fields fields={fields} />;
  const half = Math.ceil(fields.length / 2);
  return (
    <div className="event-detail-pair">
      <Fields fields={fields.slice(0, half)} />
      <Fields fields={fields.slice(half)} />
    </div>
  );
}

/** What stands for a section or table whose fields the layout hides, all of them. */
export function HiddenByLayout({ text }: { text: string }) {
  return (
    <Text as="p" color="gray">
      {text}
    </Text>
  );
}

function Fields({ fields }: { fields: readonly ShownField[] }) {
  const { t } = useTranslation("eventDetail");
  return (
    <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }} size="2">
      {fields.map((field) => (
        <DataList.Item key={field.key}>
          <DataList.Label minWidth="14rem">{field.label}</DataList.Label>
          <DataList.Value className="event-detail-value">
            {field.tone && field.value !== "" ? (
              <ResultMark tone={field.tone} label={field.value} />
            ) : field.searchPath ? (
              <AppLink to={field.searchPath} title={t("searchWithValue")}>
                {field.value}
              </AppLink>
            ) : (
              field.value
            )}
            {field.overdue ? <OverdueMark /> : null}
            {field.note ? (
              <Badge color="orange" variant="soft" ml="2" className="event-detail-note">
                {field.note}
              </Badge>
            ) : null}
          </DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
