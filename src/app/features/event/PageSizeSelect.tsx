import { useTranslation } from "react-i18next";
import type { EventPageSize } from "../../../../machines/event/eventSearchMachine.ts";
import { EVENT_PAGE_SIZES } from "../../../contract/eventSearch.ts";
import { SelectField } from "../../ui/SelectField.tsx";

/** The "{count} per page" dropdown (200 by default); another size starts again at page 1. */
export function PageSizeSelect({
  pageSize,
  disabled,
  onChange,
}: {
  pageSize: EventPageSize;
  disabled: boolean;
  onChange: (pageSize: EventPageSize) => void;
}) {
  const { t } = useTranslation("eventList");
  return (
    <SelectField
      id="eventList-pageSize"
      label={t("pageSize")}
      value={String(pageSize)}
      disabled={disabled}
      options={EVENT_PAGE_SIZES.map((size) => ({
        value: String(size),
        label: t("perPage", { count: size }),
      }))}
      onChange={(value) => {
        const size = EVENT_PAGE_SIZES.find((candidate) => String(candidate) === value);
        if (size !== undefined) onChange(size);
      }}
    />
  );
}
