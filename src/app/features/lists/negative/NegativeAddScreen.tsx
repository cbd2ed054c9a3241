import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { createActorContext, shallowEqual } from "@xstate/react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise, type SnapshotFrom } from "xstate";
import {
  type NegativeAddField,
  type NegativeAddForm,
  negativeAddMachine,
} from "../../../../../machines/lists/negativeAddMachine.ts";
import { ERROR } from "../../../../contract/errors.ts";
import { NEGATIVE_OTHER_CATEGORIES, NEGATIVE_SETTLE_CATEGORIES } from "../../../../contract/eventActions.ts";
import { NEGATIVE_ITEM_TYPES, negativeAdd } from "../../../../contract/negativeList.ts";
import { uploadSamplePath } from "../../../../contract/uploadOptions.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { navigateTo } from "../../../navigation.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { AppLink } from "../../../ui/AppLink.tsx";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { controlStyle, fieldStyle, textareaStyle } from "./negativeFormStyles.ts";

/** The quick registration's workflow (machines/lists). */
const NegativeAddActor = createActorContext(negativeAddMachine);

// Each bad line's message is shown under the values.
const ADD_HANDLING = { handledHere: [ERROR.validation] } as const;

function NegativeAddProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    negativeAddMachine.provide({
      actors: {
        confirmAdd: fromPromise(({ signal }) => confirm("negative:addConfirm", "execute", signal)),
        addEntries: fromPromise(({ input }: { input: NegativeAddForm }) =>
          run(negativeAdd, input, ADD_HANDLING),
        ),
      },
    }),
  );
  return <NegativeAddActor.Provider logic={logic}>{children}</NegativeAddActor.Provider>;
}

function negativeAddView(snapshot: SnapshotFrom<typeof negativeAddMachine>) {
  return {
    form: snapshot.context.form,
    errors: snapshot.context.errors,
    added: snapshot.context.added,
    saving: snapshot.hasTag("busy") || snapshot.matches("confirming"),
  };
}

/**
 * Negative registration without screening (spec 2 and 5, /NegativeAdd): item type, values one per
 * line, settle and other category, expiry and note; and the way to CSV registration with its sample.
 */
export function NegativeAddScreen() {
  const { t } = useTranslation("negative");
  usePageTitle(t("addHeading"));
  return (
    <NegativeAddProvider>
      <QuickRegistration />
    </NegativeAddProvider>
  );
}

function QuickRegistration() {
  const { t } = useTranslation("negative");
  const actor = NegativeAddActor.useActorRef();
  const view = NegativeAddActor.useSelector(negativeAddView, shallowEqual);
  const ids = {
    item: useId(),
    values: useId(),
    settle: useId(),
    other: useId(),
    until: useId(),
    note: useId(),
  };
  const change = (field: NegativeAddField) => (value: string) =>
    actor.send({ type: "field.change", field, value });
  const errorsOf = (field: string) =>
    view.errors.filter((error) => error.field === `telegram.${field}`).map((error) => error.message);
  const otherErrors = view.errors.filter((error) => !error.field);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "form.submit" });
  };
  const described = (id: string, field: string) => (errorsOf(field).length > 0 ? `${id}-error` : undefined);

  return (
    <Card size="4" aria-busy={view.saving}>
      <Flex justify="between" align="start" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          {t("addHeading")}
        </Heading>
        <Button variant="soft" onClick={() => navigateTo("/NegativeList")}>
          {t("toList")}
        </Button>
      </Flex>
      <form onSubmit={submit} noValidate aria-label={t("addHeading")}>
        <Flex direction="column" gap="4" style={{ maxWidth: "48rem" }}>
          <div style={fieldStyle}>
            <Text as="label" htmlFor={ids.item} size="2" weight="medium">
              {t("item")}
            </Text>
            <select
              id={ids.item}
              style={controlStyle}
              value={view.form.item}
              onChange={(event) => change("item")(event.target.value)}
              aria-invalid={errorsOf("item").length > 0 ? true : undefined}
              aria-describedby={described(ids.item, "item")}
            >
              <option value="">{t("categoryNone")}</option>
              {NEGATIVE_ITEM_TYPES.map((item) => (
                <option key={item} value={item}>
                  {t(`items.${item}`)}
                </option>
              ))}
            </select>
            <Errors id={`${ids.item}-error`} messages={errorsOf("item")} />
          </div>
          <div style={fieldStyle}>
            <Text as="label" htmlFor={ids.values} size="2" weight="medium">
              {t("addValues")}
            </Text>
            <Text as="p" size="1" color="gray" id={`${ids.values}-hint`}>
              {t("addValuesHint")}
            </Text>
            <textarea
              id={ids.values}
              style={textareaStyle}
              value={view.form.values}
              onChange={(event) => change("values")(event.target.value)}
              aria-invalid={errorsOf("values").length > 0 ? true : undefined}
              aria-describedby={[`${ids.values}-hint`, described(ids.values, "values")]
                .filter(Boolean)
                .join(" ")}
            />
            <Errors id={`${ids.values}-error`} messages={errorsOf("values")} />
          </div>
          <Flex gap="4" wrap="wrap">
            <CategorySelect
              id={ids.settle}
              label={t("settleCategory")}
              value={view.form.settleCategory}
              values={NEGATIVE_SETTLE_CATEGORIES}
              onChange={change("settleCategory")}
            />
            <CategorySelect
              id={ids.other}
              label={t("otherCategory")}
              value={view.form.otherCategory}
              values={NEGATIVE_OTHER_CATEGORIES}
              onChange={change("otherCategory")}
            />
            <div style={fieldStyle}>
              <Text as="label" htmlFor={ids.until} size="2" weight="medium">
                {t("addValidUntil")}
              </Text>
              <input
                id={ids.until}
                type="date"
                style={controlStyle}
                value={view.form.validUntil}
                onChange={(event) => change("validUntil")(event.target.value)}
                aria-describedby={described(ids.until, "validUntil")}
              />
              <Errors id={`${ids.until}-error`} messages={errorsOf("validUntil")} />
            </div>
          </Flex>
          <div style={fieldStyle}>
            <Text as="label" htmlFor={ids.note} size="2" weight="medium">
              {t("addNote")}
            </Text>
            <input
              id={ids.note}
              style={{ ...controlStyle, width: "100%" }}
              value={view.form.note}
              onChange={(event) => change("note")(event.target.value)}
              aria-describedby={described(ids.note, "note")}
            />
            <Errors id={`${ids.note}-error`} messages={errorsOf("note")} />
          </div>
          {otherErrors.length > 0 ? (
            <FormMessage tone="error">{otherErrors.map((error) => error.message).join("\n")}</FormMessage>
          ) : null}
          {view.added !== null ? (
            <FormMessage tone="success">{t("added", { count: view.added })}</FormMessage>
          ) : null}
          <Flex>
            <BusyButton type="submit" busy={view.saving}>
              {t("register")}
            </BusyButton>
          </Flex>
        </Flex>
      </form>
      <Flex direction="column" gap="2" mt="6">
        <Heading as="h2" size="4">
          {t("csvRegistration")}
        </Heading>
        <Text as="p" size="2">
          {t("csvRegistrationText")}
        </Text>
        <Flex gap="4" align="center">
          <AppLink to="/CsvNegative">{t("csvRegistrationLink")}</AppLink>
          {/* The server's sample, built from the CSV job's own columns (docs/uploads.md). */}
          <a href={uploadSamplePath("CsvNegativeItem")} download>
            {t("sampleFile")}
          </a>
        </Flex>
      </Flex>
    </Card>
  );
}

function CategorySelect({
  id,
  label,
  value,
  values,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  values: readonly ("01" | "02" | "03" | "99")[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("negative");
  return (
    <div style={fieldStyle}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <select id={id} style={controlStyle} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t("categoryNone")}</option>
        {values.map((code) => (
          <option key={code} value={code}>
            {t(`categories.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Errors({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id}>
      {messages.map((message) => (
        <Text as="p" size="1" color="red" key={message}>
          {message}
        </Text>
      ))}
    </div>
  );
}
