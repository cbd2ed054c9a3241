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
import { DisplayFormatEditActor } from "../../../actors/DisplayFormatEditActor.tsx";
import { useEntryName } from "./entryNames.ts";

/**
 * One list of a display format: every entry the list can hold with a checkbox (checked = shown), the
 * shown ones first in their order, each with Move up / Move down buttons. The buttons stay focusable
 * at either end (aria-disabled), so keyboard focus never drops while an entry is moved along.
 */
export function FieldOrderList({ list, heading }: { list: DraftList; heading: string }) {
  const { t } = useTranslation("eventDisplay");
  const editor = DisplayFormatEditActor.useActorRef();
  const draft = DisplayFormatEditActor.useSelector((snapshot) => snapshot.context.draft);
  const writable = DisplayFormatEditActor.useSelector((snapshot) => snapshot.context.writable);
  const busy = DisplayFormatEditActor.useSelector((snapshot) => !snapshot.matches("editing"));
  const nameOf = useEntryName();
  const headingId = useId();
  if (!draft) return null;

  const shown = listOf(draft, list);
  const hidden = LIST_CATALOGUE[list].filter((entry) => !shown.includes(entry));
  const locked = !writable || busy;
  const move = (entry: string, direction: MoveDirection) => {
    if (locked || !canMove(draft, list, entry, direction)) return;
    editor.send({ type: "field.move", list, entry, direction });
  };

  return (
    <Box asChild mb="4">
      <section aria-labelledby={headingId}>
        <Flex align="baseline" gap="3" mb="2" wrap="wrap">
          <Heading as="h3" size="3" id={headingId}>
            {heading}
          </Heading>
          <Text size="2" color="gray">
            {t("shownCount", { count: shown.length, total: LIST_CATALOGUE[list].length })}
          </Text>
        </Flex>
        <ol>
          {[...shown, ...hidden].map((entry) => {
            const name = nameOf(list, entry);
            const isShown = shown.includes(entry);
            return (
              <li key={entry}>
                <Flex align="center" gap="3" py="1" wrap="wrap">
                  <Text as="label" size="2">
                    <Flex align="center" gap="2">
                      <input
                        type="checkbox"
                        checked={isShown}
                        disabled={locked}
                        onChange={() => editor.send({ type: "field.toggle", list, entry })}
                      />
                      {name}
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
                            size="1"
                            variant="soft"
                            color={possible ? undefined : "gray"}
                            aria-disabled={!possible || locked}
                            aria-label={t(direction === "up" ? "moveUp" : "moveDown", { name })}
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
      </section>
    </Box>
  );
}
