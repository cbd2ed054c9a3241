import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { canMove, canToggle, type MoveDirection } from "../../../../../machines/event/displayFormatDraft.ts";
import {
  FIXED_ITEM_FIELDS,
  FIXED_ITEM_LIMIT,
  FIXED_ITEM_SECTIONS,
  type FixedItemSection,
} from "../../../../contract/eventDisplayFormat.ts";
import { DisplayFormatEditActor } from "../DisplayFormatEditActor.tsx";
import { useEntryName, useFieldName, useSectionName } from "./entryNames.ts";
import { useFocusAfterMove } from "./useFocusAfterMove.ts";

/**
 * Mode 2: the fixed items in their order (move up / down, remove), the count against the limit of
 * FIXED_ITEM_LIMIT, and a section + item picker that adds one at the end while there is room.
 */
export function FixedItemsEditor() {
  const { t } = useTranslation("eventDisplay");
  const editor = DisplayFormatEditActor.useActorRef();
  const draft = DisplayFormatEditActor.useSelector((snapshot) => snapshot.context.draft);
  const writable = DisplayFormatEditActor.useSelector((snapshot) => snapshot.context.writable);
  const busy = DisplayFormatEditActor.useSelector((snapshot) => !snapshot.matches("editing"));
  const nameOf = useEntryName();
  const sectionName = useSectionName();
  const fieldName = useFieldName();
  const [section, setSection] = useState<FixedItemSection>("basic");
  const [field, setField] = useState<string>(FIXED_ITEM_FIELDS.basic[0] ?? "");
  const ids = { count: useId(), section: useId(), field: useId(), note: useId(), names: useId() };
  const focus = useFocusAfterMove();
  const addButton = useRef<HTMLButtonElement>(null);
  if (!draft) return null;

  const fixed = draft.fixedItems;
  const locked = !writable || busy;
  const full = fixed.length >= FIXED_ITEM_LIMIT;
  const candidate = `${section}.${field}`;
  const alreadyAdded = fixed.includes(candidate);
  const move = (entry: string, direction: MoveDirection) => {
    if (locked || !canMove(draft, "fixedItems", entry, direction)) return;
    focus.remember(entry, direction);
    editor.send({ type: "field.move", list: "fixedItems", entry, direction });
  };
  // The removed row's Remove button leaves the page: the focus goes to the next row's Remove, else
  // the previous row's, else (the list now empty) to Add.
  const remove = (entry: string) => {
    if (locked) return;
    const at = fixed.indexOf(entry);
    const neighbour = fixed[at + 1] ?? fixed[at - 1];
    if (neighbour) focus.remember(neighbour, "remove");
    else focus.rememberFallback(addButton);
    editor.send({ type: "field.toggle", list: "fixedItems", entry });
  };
  const add = () => {
    if (locked || alreadyAdded || !canToggle(draft, "fixedItems", candidate)) return;
    editor.send({ type: "field.toggle", list: "fixedItems", entry: candidate });
  };

  return (
    <Box mb="4">
      <Text as="p" size="2" mb="2" id={ids.count} role="status">
        {t("fixedCount", { count: fixed.length, max: FIXED_ITEM_LIMIT })}
      </Text>
      {fixed.length === 0 ? (
        <Text as="p" size="2" color="gray" mb="2">
          {t("fixedNone")}
        </Text>
      ) : (
        <ol aria-describedby={ids.count} ref={focus.container}>
          {fixed.map((entry) => {
            // The buttons are named by their visible text; the item's name describes them.
            const nameId = `${ids.names}${entry}`;
            return (
              <li key={entry}>
                <Flex align="center" gap="3" py="1" wrap="wrap">
                  <Text size="2" className="display-format-entry" id={nameId}>
                    {nameOf("fixedItems", entry)}
                  </Text>
                  {writable ? (
                    <Flex gap="2">
                      {(["up", "down"] as const).map((direction) => {
                        const possible = canMove(draft, "fixedItems", entry, direction);
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
                      <Button
                        type="button"
                        size="1"
                        variant="soft"
                        color="red"
                        data-entry={entry}
                        data-control="remove"
                        aria-disabled={locked}
                        aria-describedby={nameId}
                        onClick={() => remove(entry)}
                      >
                        {t("fixedRemoveButton")}
                      </Button>
                    </Flex>
                  ) : null}
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
      {writable ? (
        <Flex gap="3" align="end" wrap="wrap" mt="3">
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={ids.section} size="2" weight="medium">
              {t("fixedSection")}
            </Text>
            <select
              id={ids.section}
              value={section}
              disabled={locked}
              onChange={(event) => {
                const next = event.target.value as FixedItemSection;
                setSection(next);
                setField(FIXED_ITEM_FIELDS[next][0] ?? "");
              }}
            >
              {FIXED_ITEM_SECTIONS.map((value) => (
                <option key={value} value={value}>
                  {sectionName(value)}
                </option>
              ))}
            </select>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={ids.field} size="2" weight="medium">
              {t("fixedField")}
            </Text>
            <select
              id={ids.field}
              value={field}
              disabled={locked}
              onChange={(event) => setField(event.target.value)}
            >
              {FIXED_ITEM_FIELDS[section].map((value) => (
                <option key={value} value={value}>
                  {fieldName(value)}
                </option>
              ))}
            </select>
          </Flex>
          <Button
            ref={addButton}
            type="button"
            aria-disabled={locked || full || alreadyAdded}
            aria-describedby={full || alreadyAdded ? ids.note : undefined}
            onClick={add}
          >
            {t("fixedAdd")}
          </Button>
        </Flex>
      ) : null}
      {writable && (full || alreadyAdded) ? (
        <Text as="p" size="2" color="gray" mt="2" id={ids.note}>
          {full ? t("fixedLimitReached", { max: FIXED_ITEM_LIMIT }) : t("fixedAlreadyAdded")}
        </Text>
      ) : null}
    </Box>
  );
}
