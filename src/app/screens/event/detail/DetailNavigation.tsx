import { Button, Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { Neighbours } from "../../../../../machines/event/eventDetailMachine.ts";
import { SCREENS } from "../../../../contract/screens.ts";
import { navigateTo } from "../../../navigation.ts";
import { rememberReturnForDisplayFormat } from "../displayFormat/displayFormatTransit.ts";
import { detailPath, readListForDetail } from "../eventTransit.ts";

/**
 * Back to the list (its search and scroll kept by the list's transit), the previous and next events
 * within the list's search, and the display customisation, which comes back to this event.
 */
export function DetailNavigation({
  eventId,
  neighbours,
  disabled,
}: {
  eventId: string;
  neighbours: Neighbours | null;
  disabled: boolean;
}) {
  const { t } = useTranslation("eventDetail");
  const back = () => navigateTo(readListForDetail()?.listUrl ?? SCREENS.EventList.path);
  const go = (target: string | null | undefined) => () => {
    if (target) navigateTo(detailPath(target));
  };
  const changeDisplayedItems = () => {
    rememberReturnForDisplayFormat(detailPath(eventId));
    navigateTo(SCREENS.EventItemDisplayFormatEdit.path);
  };
  return (
    <nav aria-label={t("navigation")}>
      <Flex gap="2" wrap="wrap" align="center">
        <Button type="button" variant="soft" color="gray" onClick={back} disabled={disabled}>
          {t("back")}
        </Button>
        <Button
          type="button"
          variant="soft"
          onClick={go(neighbours?.previousEventId)}
          disabled={disabled || !neighbours?.previousEventId}
        >
          {t("previous")}
        </Button>
        <Button
          type="button"
          variant="soft"
          onClick={go(neighbours?.nextEventId)}
          disabled={disabled || !neighbours?.nextEventId}
        >
          {t("next")}
        </Button>
        <Button type="button" variant="outline" onClick={changeDisplayedItems} disabled={disabled}>
          {t("changeDisplayedItems")}
        </Button>
      </Flex>
    </nav>
  );
}
