import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { type FormEvent, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import type {
  FieldProblem,
  OperatorFlagField,
  OperatorTextField,
} from "../../../../../machines/admin/operatorFormMachine.ts";
import type { ErrorItem } from "../../../../contract/envelope.ts";
import { translateKey } from "../../../i18n/i18n.ts";
import { navigateTo } from "../../../navigation.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { focusFirstInvalid, serverFieldErrors } from "../../../ui/fieldErrors.ts";
import { Loading } from "../../../ui/Loading.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { TextInputField } from "../../../ui/TextInputField.tsx";
import { OperatorFormActor, OperatorFormProvider } from "./OperatorFormActor.tsx";
import { operatorDetailPath, operatorIdOf, operatorListPath } from "./operatorPaths.ts";
import { useOperatorFormView } from "./useOperatorFormView.ts";
import "./operators.css";

const FIELD_CLASSES = { field: "operator-field", select: "operator-select" };
const FORM_FIELDS: readonly string[] = ["name", "email", "roleId", "notifyRule", "notifyUpload"];

/** Operator add (spec section 2, issue 41): the new operator is mailed a link to set their password. */
export function OperatorAddScreen() {
  const { t } = useTranslation("operators");
  usePageTitle(t("addHeading"));
  return (
    <OperatorFormProvider operatorId={null}>
      <OperatorForm heading={t("addHeading")} />
    </OperatorFormProvider>
  );
}

/** Operator edit (spec section 2, issue 41): the operator of `?operatorId=`, saved at the version read. */
export function OperatorEditScreen() {
  const { t } = useTranslation("operators");
  usePageTitle(t("editHeading"));
  const operatorId = operatorIdOf(useSearch());
  if (operatorId === null)
    return (
      <Card size="4">
        <Heading as="h1" size="6" mb="4">
          {t("editHeading")}
        </Heading>
        <FormMessage tone="info">{t("noOperators")}</FormMessage>
      </Card>
    );
  return (
    // A new ID (the address changed in place) is a new form.
    <OperatorFormProvider key={operatorId} operatorId={operatorId}>
      <OperatorForm heading={t("editHeading")} />
    </OperatorFormProvider>
  );
}

const problemText = (problem: FieldProblem) =>
  translateKey(`messages:validation.${problem.key}`, problem.params);

/** The errors that name no field of the form, as one message (Duplicate names the e-mail field). */
const generalErrors = (errors: readonly ErrorItem[]) =>
  errors.filter((error) => !error.field || !FORM_FIELDS.includes(error.field.replace(/^telegram\./, "")));

function OperatorForm({ heading }: { heading: string }) {
  const { t } = useTranslation("operators");
  const form = OperatorFormActor.useActorRef();
  const view = useOperatorFormView();
  const formElement = useRef<HTMLFormElement>(null);
  const flagsId = useId();

  // The first field the rules or the server refused takes the focus after a submit.
  const problemCount = view.problems.length + view.errors.length;
  useEffect(() => {
    if (problemCount > 0) focusFirstInvalid(formElement.current);
  }, [problemCount]);

  const back = () =>
    navigateTo(view.operatorId === null ? operatorListPath : operatorDetailPath(view.operatorId));

  if (view.loading)
    return (
      <Card size="4" aria-busy>
        <Heading as="h1" size="6" mb="4">
          {heading}
        </Heading>
        <Loading />
      </Card>
    );

  if (view.loadFailed)
    return (
      <Card size="4">
        <Heading as="h1" size="6" mb="4">
          {heading}
        </Heading>
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">{view.errors.map(shownErrorText).join("\n")}</FormMessage>
          <Flex gap="3">
            <Button type="button" onClick={() => form.send({ type: "step.retry" })}>
              {t("retry")}
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={() => navigateTo(operatorListPath)}>
              {t("back")}
            </Button>
          </Flex>
        </Flex>
      </Card>
    );

  const serverErrors = serverFieldErrors(view.errors);
  const fieldError = (field: OperatorTextField) => {
    const problem = view.problems.find((candidate) => candidate.field === field);
    return problem ? problemText(problem) : serverErrors[field];
  };
  const setText = (field: OperatorTextField) => (value: string) =>
    form.send({ type: "text.change", field, value });
  const setFlag = (field: OperatorFlagField, value: boolean) =>
    form.send({ type: "flag.change", field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: "form.submit" });
  };
  const others = generalErrors(view.errors);

  return (
    <Card size="4" aria-busy={view.busy}>
      <Heading as="h1" size="6" mb="4">
        {heading}
      </Heading>
      <form ref={formElement} onSubmit={submit} noValidate className="operator-form">
        {view.operatorId === null ? (
          <Text as="p" size="2" color="gray">
            {t("mailNote")}
          </Text>
        ) : null}
        {others.length > 0 && !view.saveFailed ? (
          <FormMessage tone="error">
            {[...others.map(shownErrorText), ...(view.stale ? [t("staleNote")] : [])].join("\n")}
          </FormMessage>
        ) : null}
        {view.stale ? (
          <div>
            <Button type="button" onClick={() => form.send({ type: "form.reload" })}>
              {t("reload")}
            </Button>
          </div>
        ) : null}
        <TextInputField
          id="operator-name"
          label={t("fields.name")}
          value={view.fields.name}
          onChange={setText("name")}
          error={fieldError("name")}
          autoComplete="off"
          disabled={!view.editable}
        />
        <TextInputField
          id="operator-email"
          type="email"
          label={t("fields.email")}
          value={view.fields.email}
          onChange={setText("email")}
          error={fieldError("email")}
          hint={t("emailHint")}
          autoComplete="off"
          disabled={!view.editable}
        />
        <SelectField
          id="operator-role"
          label={t("fields.role")}
          value={view.fields.roleId}
          classes={FIELD_CLASSES}
          error={fieldError("roleId")}
          disabled={!view.editable}
          options={[
            { value: "", label: t("chooseRole") },
            ...view.roles.map((role) => ({ value: role.roleId, label: role.name })),
          ]}
          onChange={setText("roleId")}
        />
        <fieldset
          className="operator-field"
          aria-labelledby={`${flagsId}-legend`}
          style={{ border: 0, padding: 0 }}
        >
          <Text as="div" id={`${flagsId}-legend`} size="2" weight="medium">
            {t("notifications")}
          </Text>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <input
                type="checkbox"
                checked={view.fields.notifyRule}
                disabled={!view.editable}
                onChange={(event) => setFlag("notifyRule", event.target.checked)}
              />
              {t("notifyRuleOption")}
            </Flex>
          </Text>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <input
                type="checkbox"
                checked={view.fields.notifyUpload}
                disabled={!view.editable}
                onChange={(event) => setFlag("notifyUpload", event.target.checked)}
              />
              {t("notifyUploadOption")}
            </Flex>
          </Text>
        </fieldset>
        {view.saveFailed ? (
          <Flex direction="column" gap="2" align="start">
            <FormMessage tone="error">
              {[t("saveFailed"), ...view.errors.map(shownErrorText)].join("\n")}
            </FormMessage>
            <Flex gap="2">
              <Button type="button" onClick={() => form.send({ type: "step.retry" })}>
                {t("retry")}
              </Button>
              <Button
                type="button"
                variant="soft"
                color="gray"
                onClick={() => form.send({ type: "step.cancel" })}
              >
                {t("cancel")}
              </Button>
            </Flex>
          </Flex>
        ) : null}
        <Flex gap="3">
          <BusyButton type="submit" size="3" busy={view.saving} unavailable={!view.editable && !view.saving}>
            {view.operatorId === null ? t("save") : t("update")}
          </BusyButton>
          <Button type="button" size="3" variant="soft" color="gray" onClick={back}>
            {t("back")}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
