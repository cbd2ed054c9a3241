import { Button, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Neighbours } from "../../../../../machines/event/eventDetailMachine.ts";
import { SCREENS } from "../../../../contract/screens.ts";
import { navigateTo } from "../../../navigation.ts";
import { useShortcutsEnabled } from "../../../shortcuts/shortcutPreference.ts";
import { useShortcuts } from "../../../shortcuts/useShortcuts.ts";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { keepFocusInGroup } from "../../../ui/keepFocusInGroup.ts";
import { rememberReturnForDisplayFormat } from "../displayFormat/displayFormatTransit.ts";
import { DETAIL_NAVIGATION_KEYS } from "../eventShortcuts.ts";
import { detailPath, readListForDetail } from "../eventTransit.ts";

/**
 * Back to the list (its search and scroll kept by the list's transit), the previous and next events
 * within the list's search (also by their keys, DETAIL_NAVIGATION_KEYS), and the display
 * customisation (for an operator who may open it), which comes back to this event. `children` end the row (the shortcuts' help).
 */
export function DetailNavigation({
  eventId,
  neighbours,
  neighboursPending,
  disabled,
  displayFormatAvailable,
  children,
}: {
  eventId: string;
  neighbours: Neighbours | null;
  /** The neighbours are being found (or the event itself loads): Previous and Next wait, focusable. */
  neighboursPending: boolean;
  disabled: boolean;
  /** The operator may open the display customisation (its permission is not "not available"). */
  displayFormatAvailable: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("eventDetail");
  const keysOn = useShortcutsEnabled();
  const back = () => navigateTo(readListForDetail()?.listUrl ?? SCREENS.EventList.path);
  const go = (target: string | null | undefined) =>
    target && !disabled ? () => navigateTo(detailPath(target)) : undefined;
  const previous = go(neighbours?.previousEventId);
  const next = go(neighbours?.nextEventId);
  useShortcuts({
    [DETAIL_NAVIGATION_KEYS.back]: disabled ? undefined : back,
    [DETAIL_NAVIGATION_KEYS.previous]: previous,
    [DETAIL_NAVIGATION_KEYS.next]: next,
  });
  const keyOf = (key: string) => (keysOn ? key : undefined);
  const changeDisplayedItems = () => {
    rememberReturnForDisplayFormat(detailPath(eventId));
    navigateTo(SCREENS.EventItemDisplayFormatEdit.path);
  };
  return (
    <nav aria-label={t("navigation")} ref={keepFocusInGroup}>
      <Flex gap="2" wrap="wrap" align="center">
        <Button
          type="button"
          variant="soft"
          color="gray"
          onClick={back}
          disabled={disabled}
          aria-keyshortcuts={keyOf(DETAIL_NAVIGATION_KEYS.back)}
        >
          {t("back")}
        </Button>
        {/* Pressed, they stay focusable while the next event and its neighbours load, so Enter
            steps on; disabled only where there is no such event (keepFocusInGroup then moves on). */}
        <BusyButton
          variant="soft"
          onClick={previous}
          unavailable={neighboursPending}
          disabled={!neighboursPending && !previous}
          aria-keyshortcuts={keyOf(DETAIL_NAVIGATION_KEYS.previous)}
        >
          {t("previous")}
        </BusyButton>
        <BusyButton
          variant="soft"
          onClick={next}
          unavailable={neighboursPending}
          disabled={!neighboursPending && !next}
          aria-keyshortcuts={keyOf(DETAIL_NAVIGATION_KEYS.next)}
        >
          {t("next")}
        </BusyButton>
        {displayFormatAvailable ? (
          <Button type="button" variant="outline" onClick={changeDisplayedItems} disabled={disabled}>
            {t("changeDisplayedItems")}
          </Button>
        ) : null}
        {children}
      </Flex>
    </nav>
  );
}
