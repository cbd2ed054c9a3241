import { Button, Card, Flex, Heading, Separator } from "@radix-ui/themes";
import { createActorContext } from "@xstate/react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { type FieldsInput, listAddFormMachine } from "../../../../../machines/lists/listAddFormMachine.ts";
import { keywordAdd } from "../../../../contract/keywords.ts";
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
import { ListTextArea } from "../listFields.tsx";
import { KeywordCsvUpload } from "./KeywordCsvUpload.tsx";
import { useCategoryId } from "./KeywordListScreen.tsx";
import { keywordListPath } from "./keywordPaths.ts";

/** The keyword registration form's workflow (machines/lists/listAddFormMachine). */
const KeywordAddActor = createActorContext(listAddFormMachine);

function KeywordAddProvider({ categoryId, children }: { categoryId: string; children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    listAddFormMachine.provide({
      actors: {
        checkFields: fromPromise(async ({ input }: { input: FieldsInput }) =>
          checkWithContract(keywordAdd.request, { categoryId, keywords: input.fields.keywords ?? "" }),
        ),
        confirmSave: fromPromise(({ signal }) => confirm("keyword:addConfirm", "execute", signal)),
        saveEntries: fromPromise(({ input }: { input: FieldsInput }) =>
          run(keywordAdd, { categoryId, keywords: input.fields.keywords ?? "" }),
        ),
      },
      actions: { saved: () => navigateTo(keywordListPath(categoryId)) },
    }),
  );
  return (
    <KeywordAddActor.Provider logic={logic} options={{ input: { fields: { keywords: "" } } }}>
      {children}
    </KeywordAddActor.Provider>
  );
}

/**
 * Keyword registration (spec section 2, /keywordList/{category}/new): keywords one per line, within
 * the documented limits (docs/lists.md), % and _ literal; confirmed, then 001 and back to the list.
 * Below it, CSV registration (file type CsvKeyword) through the upload pipeline.
 */
export function KeywordAddScreen() {
  const categoryId = useCategoryId();
  return (
    <KeywordAddProvider key={categoryId} categoryId={categoryId}>
      <KeywordAddForm categoryId={categoryId} />
    </KeywordAddProvider>
  );
}

function KeywordAddForm({ categoryId }: { categoryId: string }) {
  const { t } = useTranslation("keyword");
  const form = KeywordAddActor.useActorRef();
  const keywords = KeywordAddActor.useSelector((snapshot) => snapshot.context.fields.keywords ?? "");
  const errors = KeywordAddActor.useSelector((snapshot) => snapshot.context.errors);
  const busy = KeywordAddActor.useSelector((snapshot) => !snapshot.matches("editing"));
  const id = useId();
  const heading = t("addHeading", { name: categoryId });
  usePageTitle(heading);
  const byField = serverFieldErrors(errors);
  const otherErrors = errors.filter((error) => !error.field || error.field === "telegram.categoryId");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: "form.submit" });
  };

  return (
    <Card size="4" aria-busy={busy}>
      <Heading as="h1" size="6" mb="4">
        {heading}
      </Heading>
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="4" align="start">
          <ListTextArea
            id={`${id}-keywords`}
            label={t("keywords")}
            hint={t("keywordsHint")}
            value={keywords}
            error={byField.keywords}
            onChange={(value) => form.send({ type: "field.change", name: "keywords", value })}
          />
          {otherErrors.length > 0 ? (
            <FormMessage tone="error">{otherErrors.map(shownErrorText).join("\n")}</FormMessage>
          ) : null}
          <Flex gap="3">
            <BusyButton type="submit" busy={busy}>
              {t("register")}
            </BusyButton>
            <Button asChild variant="soft" color="gray">
              <AppLink to={keywordListPath(categoryId)}>{t("backToList")}</AppLink>
            </Button>
          </Flex>
        </Flex>
      </form>
      <Separator size="4" my="5" />
      <KeywordCsvUpload />
    </Card>
  );
}
