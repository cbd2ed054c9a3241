import { Box, Button, Flex, Heading, Text } from "@radix-ui/themes";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import {
  canMove,
  type DraftList,
  LIST_CATALOGUE,
  listOf,
  type MoveDirection,
} from "../../../../../machines/event/displayFormatDraft.ts";
import { DisplayFormatEditActor } from "../DisplayFormatEditActor.tsx";
import { useEntryName } from "./entryNames.ts";
import { useFocusAfterMove } from "./useFocusAfterMove.ts";

/**
 * One list of a display format: every entry the list can hold with a checkbox (checked = shown), the
 * shown ones first in their order, each with Move up / Move down buttons. The buttons stay focusable
 * at either end (aria-disabled), so keyboard focus never drops while an entry is moved along. With a
 * heading the list is a region of its own (mode 3 has four); without, it belongs to the mode's.
 */
export function FieldOrderList({ list, heading }: { list: DraftList; heading?: string }) {
  const { t } = useTranslation("eventDisplay");
  const editor = DisplayFormatEditActor.useActorRef();
  const draft = DisplayFormatEditActor.useSelector((snapshot) => snapshot.context.draft);
  const writable = DisplayFormatEditActor.useSelector((snapshot) => snapshot.context.writable);
  const busy = DisplayFormatEditActor.useSelector((snapshot) => !snapshot.matches("editing"));
  const nameOf = useEntryName();
  const headingId = useId();
  const namesId = useId();
  const focus = useFocusAfterMove();
  if (!draft) return null;

  const shown = listOf(draft, list);
  const hidden = LIST_CATALOGUE[list].filter((entry) => !shown.includes(entry));
  const locked = !writable || busy;
  const move = (entry: string, direction: MoveDirection) => {
    if (locked || !canMove(draft, list, entry, direction)) return;
    focus.remember(entry, direction);
    editor.send({ type: "field.move", list, entry, direction });
  };
  const count = (
    <Text size="2" color="gray">
      {t("shownCount", { count: shown.length, total: LIST_CATALOGUE[list].length })}
    </Text>
  );

  const rows = (
    <ol ref={focus.container}>
      {[...shown, ...hidden].map((entry) => {
        // The move buttons are named by their visible text; the entry's name describes them.
        const nameId = `${namesId}${entry}`;
        const isShown = shown.includes(entry);
        return (
          <li key={entry}>
            <Flex align="center" gap="3" py="1" wrap="wrap">
              <Text as="label" size="2" className="display-format-entry">
                <Flex as="span" align="center" gap="2">
                  <input
                    type="checkbox"
                    checked={isShown}
                    disabled={locked}
                    data-entry={entry}
                    data-control="toggle"
                    onChange={() => {
                      focus.remember(entry, "toggle");
                      editor.send({ type: "field.toggle", list, entry });
                    }}
                  />
                  <span id={nameId}>{nameOf(list, entry)}</span>
                </Flex>
              </Text>
              {isShown && writable ? (
                <Flex gap="2">
                  {(["up", "down"] as const).map((direction) => {
                    const possible = canMove(draft, list, entry, direction);
                    return (
                      <Button
                        key={direction}
                        type="button"
                        data-entry={entry}
                        data-control={direction}
                        size="1"
                        variant="soft"
                        color={possible ? undefined : "gray"}
                        aria-disabled={!possible || locked}
                        aria-describedby={nameId}
                        onClick={() => move(entry, direction)}
                      >
                        {t(direction === "up" ? "moveUpButton" : "moveDownButton")}
                      </Button>
                    );
                  })}
                </Flex>
              ) : null}
            </Flex>
          </li>
        );
      })}
    </ol>
  );
  if (!heading) {
    return (
      <Box mb="4">
        {count}
        {rows}
      </Box>
    );
  }
  return (
    <Box asChild mb="4">
      <section aria-labelledby={headingId}>
        <Flex align="baseline" gap="3" mb="2" wrap="wrap">
          <Heading as="h3" size="3" id={headingId}>
            {heading}
          </Heading>
          {count}
        </Flex>
        {rows}
      </section>
    </Box>
  );
}
