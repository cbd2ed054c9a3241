import { Button, Dialog, Flex, Kbd, Table, Text } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDialogFocusReturn } from "../ui/useDialogFocusReturn.ts";
import { setShortcutsEnabled, useShortcutsEnabled } from "./shortcutPreference.ts";
import { useShortcuts } from "./useShortcuts.ts";

/** The key that opens the list of a screen's shortcuts. */
export const HELP_KEY = "?";

export interface ShortcutEntry {
  key: string;
  /** What the key does: the label of the control it stands for. */
  label: string;
}

/**
 * The screen's keyboard shortcuts: a button (and "?") opens their list, where single-key shortcuts
 * can be turned off for this browser. The list opens with the focus on Close, and the focus comes
 * back to the button when it closes.
 */
export function ShortcutHelp({ shortcuts }: { shortcuts: readonly ShortcutEntry[] }) {
  const { t } = useTranslation("shortcuts");
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const enabled = useShortcutsEnabled();
  const focusReturn = useDialogFocusReturn();
  useShortcuts({ [HELP_KEY]: () => setOpen(true) });
  const all = [...shortcuts, { key: HELP_KEY, label: t("help") }];
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button type="button" variant="ghost" color="gray" aria-keyshortcuts={enabled ? HELP_KEY : undefined}>
          {t("help")}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content
        maxWidth="480px"
        // On Close rather than the first control, the switch: a Space meant to scroll must not turn keys off.
        onOpenAutoFocus={(event) => {
          focusReturn.onOpenAutoFocus(event);
          event.preventDefault();
          closeRef.current?.focus();
        }}
        // Back to where the operator was (the row opened it with "?"), not to the trigger.
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      >
        <Dialog.Title>{t("title")}</Dialog.Title>
        <Dialog.Description size="2">{t("description")}</Dialog.Description>
        <Table.Root size="1" mt="3">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t("key")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t("action")}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {all.map((entry) => (
              <Table.Row key={entry.key}>
                <Table.Cell>
                  <Kbd>{entry.key}</Kbd>
                </Table.Cell>
                <Table.Cell>{entry.label}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <Text as="label" size="2">
          <Flex as="span" gap="2" align="center" mt="3">
            <input
              type="checkbox"
              checked={enabled}
              onChange={(event) => setShortcutsEnabled(event.target.checked)}
            />
            {t("enabled")}
          </Flex>
        </Text>
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button type="button" ref={closeRef}>
              {t("close")}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
