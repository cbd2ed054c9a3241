import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { OTHER_ITEM_LISTS } from "../../../../machines/event/displayFormatDraft.ts";
import { DISPLAY_MODES, type DisplayMode } from "../../../contract/eventDisplayFormat.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { DisplayFormatEditActor, DisplayFormatEditProvider } from "./DisplayFormatEditActor.tsx";
import { DisplayFormatLeaveGuard } from "./displayFormat/DisplayFormatLeaveGuard.tsx";
import { FieldOrderList } from "./displayFormat/FieldOrderList.tsx";
import { FixedItemsEditor } from "./displayFormat/FixedItemsEditor.tsx";
import { useDisplayFormatEditView } from "./useDisplayFormatEditView.ts";
import "./displayFormat/displayFormat.css";

/**
 * Event detail display customisation edit (spec section 2, /EventItemDisplayFormatEdit): the
 * operator's own layout of the event detail in four modes (0 event property, 1 item category, 2 fixed
 * items, 3 other). Save and Reset to default ask first; Cancel puts the saved layout back once the
 * operator agrees to discard the unsaved changes (the spec's edit-discard confirmation); Back
 * returns to the screen it was opened from (asking first when there are unsaved changes, as a main-menu
 * entry and the browser's Back do). A readable-only operator sees the layout without any control that changes it.
 */
export function EventItemDisplayFormatEditScreen() {
  const { t } = useTranslation("eventDisplay");
  usePageTitle(t("heading"));
  // True while the main menu or the browser's Back takes the operator away with unsaved changes
  // (they navigate themselves).
  const leavingElsewhere = useRef(false);
  return (
    <DisplayFormatEditProvider leavingElsewhere={leavingElsewhere}>
      <DisplayFormatLeaveGuard leavingElsewhere={leavingElsewhere} />
      <DisplayFormatEditor />
    </DisplayFormatEditProvider>
  );
}

function DisplayFormatEditor() {
  const { t } = useTranslation("eventDisplay");
  const editor = DisplayFormatEditActor.useActorRef();
  const { loading, failed, busy, mode } = useDisplayFormatEditView();

  useEffect(() => editor.send({ type: "format.load" }), [editor]);

  return (
    <Card size="4" aria-busy={loading || busy}>
      <Heading as="h1" size="6" mb="2">
        {t("heading")}
      </Heading>
      <Text as="p" mb="4" color="gray">
        {t("intro")}
      </Text>
      {loading ? <Loading /> : null}
      {failed ? (
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">{t("loadFailed")}</FormMessage>
          <Flex gap="3">
            <Button type="button" onClick={() => editor.send({ type: "format.load" })}>
              {t("reload")}
            </Button>
            <Button type="button" variant="soft" onClick={() => editor.send({ type: "leave.request" })}>
              {t("back")}
            </Button>
          </Flex>
        </Flex>
      ) : null}
      {!loading && !failed ? (
        <>
          <LayoutStatus />
          <ModeChooser />
          <ModePanel mode={mode} />
          <Problems />
          <Actions />
        </>
      ) : null}
    </Card>
  );
}

/**
 * Reloading or closing the tab with unsaved changes asks the browser's own question (the app's
 * dialog cannot run there); leaving through Back asks the app's edit-discard question instead.
 */
function useAskBeforeUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
}

/** Whose layout is in use, unsaved changes, and whether this operator may change it. */
function LayoutStatus() {
  const { t } = useTranslation("eventDisplay");
  const { isDefault, writable, dirty } = useDisplayFormatEditView();
  useAskBeforeUnload(dirty);
  return (
    <Flex gap="2" mb="4" wrap="wrap" role="status">
      <Badge color={isDefault ? "gray" : "blue"} size="2">
        {isDefault ? t("defaultInUse") : t("ownLayout")}
      </Badge>
      {dirty ? (
        <Badge color="orange" size="2">
          {t("unsaved")}
        </Badge>
      ) : null}
      {writable ? null : (
        <Badge color="gray" size="2">
          {t("readOnly")}
        </Badge>
      )}
    </Flex>
  );
}

/** The four modes as a radio group (arrow keys move between them). */
function ModeChooser() {
  const { t } = useTranslation("eventDisplay");
  const editor = DisplayFormatEditActor.useActorRef();
  const { mode } = useDisplayFormatEditView();
  const name = useId();
  return (
    <fieldset>
      <legend>
        <Text size="2" weight="medium">
          {t("modeLabel")}
        </Text>
      </legend>
      <Flex gap="4" wrap="wrap" py="2">
        {DISPLAY_MODES.map((value) => (
          <Text as="label" size="2" key={value}>
            <Flex as="span" align="center" gap="2">
              <input
                type="radio"
                name={name}
                value={value}
                checked={mode === value}
                onChange={() => editor.send({ type: "mode.select", mode: value })}
              />
              {t(`modes.${value}`)}
            </Flex>
          </Text>
        ))}
      </Flex>
    </fieldset>
  );
}

/** The lists of the chosen mode. */
function ModePanel({ mode }: { mode: DisplayMode }) {
  const { t } = useTranslation("eventDisplay");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Heading as="h2" size="4" mt="4" mb="1" id={headingId}>
        {t(`modes.${mode}`)}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {t(`modeIntro.${mode}`)}
      </Text>
      {mode === "0" ? <FieldOrderList list="eventProperties" /> : null}
      {mode === "1" ? <FieldOrderList list="categories" /> : null}
      {mode === "2" ? <FixedItemsEditor /> : null}
      {mode === "3"
        ? OTHER_ITEM_LISTS.map((list) => (
            <FieldOrderList key={list} list={list} heading={t(`otherGroups.${list}`)} />
          ))
        : null}
    </section>
  );
}

/** Why the last save or reset did not happen: the machine's own check (902) or the server's errors. */
function Problems() {
  const { t } = useTranslation("messages");
  const { problem, errors } = useDisplayFormatEditView();
  if (problem === null && errors.length === 0) return null;
  return (
    <Flex direction="column" gap="2" my="3">
      {problem === "noCategory" ? <FormMessage tone="error">{t("no.902")}</FormMessage> : null}
      {errors.map((error) => (
        <FormMessage tone="error" key={`${error.code}:${error.field ?? ""}:${error.message}`}>
          {shownErrorText(error)}
        </FormMessage>
      ))}
    </Flex>
  );
}

/**
 * Save, Cancel and Reset to default for writers; Back for everyone. They stay focusable while they
 * cannot be used (BusyButton): the confirmation dialog gives the focus back to the button that opened
 * it as it closes, while that button still waits for the save or reset, and a disabled button would
 * hand it on to the page's body.
 */
function Actions() {
  const { t } = useTranslation("eventDisplay");
  const editor = DisplayFormatEditActor.useActorRef();
  const { writable, resting, saving, resetting, dirty } = useDisplayFormatEditView();
  return (
    <Flex gap="3" mt="4" wrap="wrap">
      {writable ? (
        <>
          <BusyButton
            busy={saving}
            unavailable={!resting}
            onClick={() => editor.send({ type: "save.request" })}
          >
            {t("save")}
          </BusyButton>
          <BusyButton
            variant="soft"
            unavailable={!resting || !dirty}
            onClick={() => editor.send({ type: "edit.cancel" })}
          >
            {t("cancel")}
          </BusyButton>
          <BusyButton
            variant="soft"
            color="red"
            busy={resetting}
            unavailable={!resting}
            onClick={() => editor.send({ type: "reset.request" })}
          >
            {t("reset")}
          </BusyButton>
        </>
      ) : null}
      <BusyButton
        variant="outline"
        unavailable={!resting}
        onClick={() => editor.send({ type: "leave.request" })}
      >
        {t("back")}
      </BusyButton>
    </Flex>
  );
}
