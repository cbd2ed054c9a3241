import { Button, Flex } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EVENT_ACTIONS, type EventAction } from "../../../../contract/eventActions.ts";
import { useShortcutsEnabled } from "../../../shortcuts/shortcutPreference.ts";
import { useShortcuts } from "../../../shortcuts/useShortcuts.ts";
import { EventDetailScreeningActor } from "../EventDetailScreeningActor.tsx";
import { DETAIL_ACTION_KEYS } from "../eventShortcuts.ts";

/**
 * The actions the operator may take (only those whose dialog screen they may write: a viewer sees
 * none). They open while the event is editable; read-only (688, 999, 1000, 015) disables them.
 * Each also opens by its key (DETAIL_ACTION_KEYS) whenever its button would.
 */
export function ActionBar({ writable }: { writable: readonly EventAction[] }) {
  const { t } = useTranslation("eventDetail");
  const screening = EventDetailScreeningActor.useActorRef();
  const canOpen = EventDetailScreeningActor.useSelector((snapshot) => snapshot.matches("viewing"));
  // The action being opened or saved shows its progress on its button, unless its save is of an
  // event left meanwhile (the buttons then only wait for it).
  const pending = EventDetailScreeningActor.useSelector((snapshot) =>
    snapshot.hasTag("busy") && !snapshot.matches({ holding: { form: { saving: "unseen" } } })
      ? snapshot.context.action
      : null,
  );
  // Keyboard users come back to the button they opened the dialog with once the event is editable
  // again (the dialog's own focus return lands while the buttons are still disabled).
  const buttons = useRef(new Map<EventAction, HTMLButtonElement>());
  const opened = useRef<EventAction | null>(null);
  useEffect(() => {
    if (!canOpen || !opened.current) return;
    const button = buttons.current.get(opened.current);
    opened.current = null;
    if (button && (document.activeElement === document.body || document.activeElement === null))
      button.focus();
  }, [canOpen]);
  const shown = EVENT_ACTIONS.filter((action) => writable.includes(action));
  const open = (action: EventAction) => {
    opened.current = action;
    screening.send({ type: "action.open", action });
  };
  const keysOn = useShortcutsEnabled();
  useShortcuts(
    Object.fromEntries(
      shown.map((action) => [DETAIL_ACTION_KEYS[action], canOpen ? () => open(action) : undefined]),
    ),
  );
  if (shown.length === 0) return null;
  return (
    <section aria-label={t("actionBar")}>
      <Flex gap="2" wrap="wrap">
        {shown.map((action) => (
          <Button
            key={action}
            type="button"
            color={action === "ng" ? "red" : action === "hold" ? "amber" : undefined}
            variant={action === "ok" || action === "ng" || action === "hold" ? "solid" : "soft"}
            disabled={!canOpen}
            loading={pending === action}
            ref={(button) => {
              if (button) buttons.current.set(action, button);
              else buttons.current.delete(action);
            }}
            aria-keyshortcuts={keysOn ? DETAIL_ACTION_KEYS[action] : undefined}
            onClick={() => open(action)}
          >
            {t(`actions.${action}`)}
          </Button>
        ))}
      </Flex>
    </section>
  );
}
