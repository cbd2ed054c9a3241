import { useTranslation } from "react-i18next";
import { EVENT_ACTIONS, type EventAction } from "../../../../contract/eventActions.ts";
import { ShortcutHelp } from "../../../shortcuts/ShortcutHelp.tsx";
import { DETAIL_ACTION_KEYS, DETAIL_NAVIGATION_KEYS } from "../eventShortcuts.ts";

/** The detail's shortcuts, named as their buttons are: the navigation and the actions the operator may take. */
export function DetailShortcutHelp({ writable }: { writable: readonly EventAction[] }) {
  const { t } = useTranslation("eventDetail");
  return (
    <ShortcutHelp
      shortcuts={[
        { key: DETAIL_NAVIGATION_KEYS.next, label: t("next") },
        { key: DETAIL_NAVIGATION_KEYS.previous, label: t("previous") },
        { key: DETAIL_NAVIGATION_KEYS.back, label: t("back") },
        ...EVENT_ACTIONS.filter((action) => writable.includes(action)).map((action) => ({
          key: DETAIL_ACTION_KEYS[action],
          label: t(`actions.${action}`),
        })),
      ]}
    />
  );
}
