import { Button, Card, Flex, Heading } from "@radix-ui/themes";
import { createActorContext } from "@xstate/react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { type FieldsInput, listAddFormMachine } from "../../../../../machines/lists/listAddFormMachine.ts";
import { SCREENS } from "../../../../contract/screens.ts";
import { WHITE_TYPES, whiteAdd } from "../../../../contract/whiteList.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { navigateTo } from "../../../navigation.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { AppLink } from "../../../ui/AppLink.tsx";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { serverFieldErrors } from "../../../ui/fieldErrors.ts";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { checkWithContract } from "../listErrors.ts";
import { ListInput, ListSelect, ListTextArea } from "../listFields.tsx";

/** The white registration form's workflow (machines/lists/listAddFormMachine). */
export const WhiteAddActor = createActorContext(listAddFormMachine);

const LIST_PATH = SCREENS.WhiteList.path as string;
const FIELDS = { type: "", values: "", validUntil: "", note: "" };

function WhiteAddProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    listAddFormMachine.provide({
      actors: {
        checkFields: fromPromise(async ({ input }: { input: FieldsInput }) =>
          checkWithContract(whiteAdd.request, input.fields),
        ),
        // Saving white entries is confirmed Yes/No (spec section 2).
        confirmSave: fromPromise(({ signal }) => confirm("white:addConfirm", "yesNo", signal)),
        saveEntries: fromPromise(({ input }: { input: FieldsInput }) => run(whiteAdd, input.fields)),
      },
      actions: { saved: () => navigateTo(LIST_PATH) },
    }),
  );
  return (
    <WhiteAddActor.Provider logic={logic} options={{ input: { fields: FIELDS } }}>
      {children}
    </WhiteAddActor.Provider>
  );
}

/**
 * White registration (spec section 2, /white/new): the type, values one per line (blank lines
 * skipped), an optional expiry and note; the contract's rules say what is wrong in place; Yes/No,
 * then 001 and back to the list.
 */
export function WhiteAddScreen() {
  const { t } = useTranslation("white");
  usePageTitle(t("addHeading"));
  return (
    <WhiteAddProvider>
      <WhiteAddForm />
    </WhiteAddProvider>
  );
}

function WhiteAddForm() {
  const { t } = useTranslation("white");
  const form = WhiteAddActor.useActorRef();
  const fields = WhiteAddActor.useSelector((snapshot) => snapshot.context.fields);
  const errors = WhiteAddActor.useSelector((snapshot) => snapshot.context.errors);
  const busy = WhiteAddActor.useSelector((snapshot) => !snapshot.matches("editing"));
  const id = useId();
  const byField = serverFieldErrors(errors);
  const otherErrors = errors.filter((error) => !error.field);
  const change = (name: string) => (value: string) => form.send({ type: "field.change", name, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: "form.submit" });
  };

  return (
    <Card size="4" aria-busy={busy}>
      <Heading as="h1" size="6" mb="4">
        {t("addHeading")}
      </Heading>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="4" align="start">
          <ListSelect
            id={`${id}-type`}
            label={t("type")}
            value={fields.type ?? ""}
            error={byField.type}
            options={[
              { value: "", label: t("choose") },
              ...WHITE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
            ]}
            onChange={change("type")}
          />
          <ListTextArea
            id={`${id}-values`}
            label={t("values")}
            value={fields.values ?? ""}
            error={byField.values}
            onChange={change("values")}
          />
          <ListInput
            id={`${id}-validUntil`}
            type="date"
            label={t("validUntilField")}
            value={fields.validUntil ?? ""}
            error={byField.validUntil}
            onChange={change("validUntil")}
          />
          <ListInput
            id={`${id}-note`}
            label={t("noteField")}
            value={fields.note ?? ""}
            error={byField.note}
            onChange={change("note")}
          />
          {otherErrors.length > 0 ? (
            <FormMessage tone="error">{otherErrors.map(shownErrorText).join("\n")}</FormMessage>
          ) : null}
          <Flex gap="3">
            <BusyButton type="submit" busy={busy}>
              {t("register")}
            </BusyButton>
            <Button asChild variant="soft" color="gray">
              <AppLink to={LIST_PATH}>{t("back")}</AppLink>
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
