import { Button, Card, Flex, Heading } from "@radix-ui/themes";
import { shallowEqual } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { formatDateTime } from "../../../i18n/format.ts";
import { navigateTo } from "../../../navigation.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { OperatorDetailActor, OperatorDetailProvider } from "./OperatorDetailActor.tsx";
import { useOperatorActions } from "./OperatorListScreen.tsx";
import { operatorEditPath, operatorIdOf, operatorListPath } from "./operatorPaths.ts";
import "./operators.css";

/**
 * Operator detail (spec section 2, issue 41): every field read-only; Edit, Delete (Yes/No) and, for an
 * operator locked out by failed sign-ins, Unlock.
 */
export function OperatorDetailScreen() {
  const { t } = useTranslation("operators");
  usePageTitle(t("detailHeading"));
  const operatorId = operatorIdOf(useSearch());
  if (operatorId === null)
    return (
      <Card size="4">
        <Heading as="h1" size="6" mb="4">
          {t("detailHeading")}
        </Heading>
        <FormMessage tone="info">{t("noOperators")}</FormMessage>
      </Card>
    );
  return (
    <OperatorDetailProvider key={operatorId} operatorId={operatorId}>
      <OperatorDetail />
    </OperatorDetailProvider>
  );
}

function OperatorDetail() {
  const { t } = useTranslation("operators");
  const detail = OperatorDetailActor.useActorRef();
  const may = useOperatorActions();
  const view = OperatorDetailActor.useSelector(
    (snapshot) => ({
      operator: snapshot.context.operator,
      errors: snapshot.context.errors,
      busy: snapshot.hasTag("busy"),
      loading: snapshot.matches("loading"),
      loadFailed: snapshot.matches("loadFailed"),
      actionFailed: snapshot.matches("actionFailed"),
      showing: snapshot.matches("showing"),
      deleting: snapshot.matches("deleting"),
      unlocking: snapshot.matches("unlocking"),
    }),
    shallowEqual,
  );
  const { operator } = view;

  return (
    <Card size="4" aria-busy={view.busy}>
      <Heading as="h1" size="6" mb="4">
        {t("detailHeading")}
      </Heading>
      {view.loading ? <Loading /> : null}
      {view.errors.length > 0 ? (
        <FormMessage tone="error">
          {[...(view.actionFailed ? [t("actionFailed")] : []), ...view.errors.map(shownErrorText)].join("\n")}
        </FormMessage>
      ) : null}
      {operator && !view.loadFailed ? (
        <Flex direction="column" gap="4">
          <dl className="operator-facts">
            <dt>{t("fields.operatorId")}</dt>
            <dd>{operator.operatorId}</dd>
            <dt>{t("fields.name")}</dt>
            <dd>{operator.name}</dd>
            <dt>{t("fields.email")}</dt>
            <dd>{operator.email}</dd>
            <dt>{t("fields.role")}</dt>
            <dd>{operator.roleName}</dd>
            <dt>{t("fields.notifyRule")}</dt>
            <dd>{operator.notifyRule ? t("notify") : t("doNotNotify")}</dd>
            <dt>{t("fields.notifyUpload")}</dt>
            <dd>{operator.notifyUpload ? t("notify") : t("doNotNotify")}</dd>
            <dt>{t("fields.locked")}</dt>
            <dd>{operator.locked ? t("locked") : t("notLocked")}</dd>
            <dt>{t("fields.createdAt")}</dt>
            <dd>{formatDateTime(operator.createdAt)}</dd>
          </dl>
          <Flex gap="3" wrap="wrap">
            {may.edit ? (
              <Button type="button" onClick={() => navigateTo(operatorEditPath(operator.operatorId))}>
                {t("edit")}
              </Button>
            ) : null}
            {may.unlock && operator.locked ? (
              <BusyButton
                variant="soft"
                busy={view.unlocking}
                unavailable={!view.showing}
                onClick={() => detail.send({ type: "unlock.request" })}
              >
                {t("unlock")}
              </BusyButton>
            ) : null}
            {may.remove ? (
              <BusyButton
                color="red"
                busy={view.deleting}
                unavailable={!view.showing}
                onClick={() => detail.send({ type: "delete.request" })}
              >
                {t("delete")}
              </BusyButton>
            ) : null}
            {view.actionFailed ? (
              <Button type="button" variant="soft" onClick={() => detail.send({ type: "step.cancel" })}>
                {t("cancel")}
              </Button>
            ) : null}
            <Button type="button" variant="soft" color="gray" onClick={() => navigateTo(operatorListPath)}>
              {t("back")}
            </Button>
          </Flex>
        </Flex>
      ) : null}
      {view.loadFailed ? (
        <Flex gap="3" mt="3">
          <Button type="button" onClick={() => detail.send({ type: "step.retry" })}>
            {t("retry")}
          </Button>
          <Button type="button" variant="soft" color="gray" onClick={() => navigateTo(operatorListPath)}>
            {t("back")}
          </Button>
        </Flex>
      ) : null}
    </Card>
  );
}
