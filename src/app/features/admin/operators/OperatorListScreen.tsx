import { Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  EMPTY_OPERATOR_FILTER,
  type OperatorFilter,
} from "../../../../../machines/admin/operatorListMachine.ts";
import { OPERATOR_PAGE_SIZES } from "../../../../contract/operators.ts";
import { formatDateTime } from "../../../i18n/format.ts";
import { navigateTo } from "../../../navigation.ts";
import { useScreenActions } from "../../../session/useScreenActions.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { AppLink } from "../../../ui/AppLink.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { keepFocusInGroup } from "../../../ui/keepFocusInGroup.ts";
import { keyboardScrollable } from "../../../ui/keyboardScrollable.ts";
import { Loading } from "../../../ui/Loading.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { TextInputField } from "../../../ui/TextInputField.tsx";
import { operatorActions } from "../adminActions.ts";
import { OperatorListActor, OperatorListProvider } from "./OperatorListActor.tsx";
import { operatorAddPath, operatorDetailPath } from "./operatorPaths.ts";
import { useOperatorListView } from "./useOperatorListView.ts";
import "./operators.css";

const FIELD_CLASSES = { field: "operator-field", select: "operator-select" };

/** The operator screens' actions this operator's role may take (operatorActions.ts). */
export const useOperatorActions = () => useScreenActions(operatorActions);

/**
 * Operator list (spec section 2, issue 41): the company ID and count, filters by name, e-mail and
 * role, a paged table (page-size choice, default 200), a selection of rows or of all search results,
 * delete of the selected after Yes/No (003), and Register (to /OperatorAdd).
 */
export function OperatorListScreen() {
  const { t } = useTranslation("operators");
  usePageTitle(t("listHeading"));
  return (
    <OperatorListProvider>
      <OperatorList />
    </OperatorListProvider>
  );
}

function OperatorList() {
  const { t } = useTranslation("operators");
  const list = OperatorListActor.useActorRef();
  const { busy, starting, loadFailed, errors } = useOperatorListView();
  const may = useOperatorActions();

  useEffect(() => list.send({ type: "list.load" }), [list]);

  return (
    <Card size="4" aria-busy={busy}>
      <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          {t("listHeading")}
        </Heading>
        {may.register ? (
          <Button type="button" onClick={() => navigateTo(operatorAddPath)}>
            {t("register")}
          </Button>
        ) : null}
      </Flex>
      {loadFailed ? (
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">
            {[t("loadFailed"), ...errors.map(shownErrorText)].join("\n")}
          </FormMessage>
          <Button type="button" onClick={() => list.send({ type: "step.retry" })}>
            {t("retry")}
          </Button>
        </Flex>
      ) : starting ? (
        <Loading />
      ) : (
        <Flex direction="column" gap="4">
          <Summary />
          <FilterForm />
          {may.remove ? <SelectionBar /> : null}
          <PagingBar />
          <OperatorTable selectable={may.remove} linked={may.openDetail} />
        </Flex>
      )}
    </Card>
  );
}

function Summary() {
  const { t } = useTranslation("operators");
  const { list } = useOperatorListView();
  if (!list) return null;
  return (
    <dl className="operator-facts">
      <dt>{t("companyId")}</dt>
      <dd>{list.companyId}</dd>
      <dt>{t("count")}</dt>
      <dd>{t("countValue", { count: list.count })}</dd>
    </dl>
  );
}

function FilterForm() {
  const { t } = useTranslation("operators");
  const list = OperatorListActor.useActorRef();
  const { list: shown } = useOperatorListView();
  const applied = OperatorListActor.useSelector((snapshot) => snapshot.context.filter);
  const [filter, setFilter] = useState<OperatorFilter>(applied ?? EMPTY_OPERATOR_FILTER);
  const set = (field: keyof OperatorFilter) => (value: string) => setFilter({ ...filter, [field]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.send({ type: "search.submit", filter });
  };
  return (
    <form onSubmit={submit} aria-label={t("searchConditions")}>
      <Flex gap="3" align="end" wrap="wrap">
        <TextInputField
          id="operator-filter-name"
          label={t("fields.name")}
          value={filter.name}
          onChange={set("name")}
        />
        <TextInputField
          id="operator-filter-email"
          label={t("fields.email")}
          value={filter.email}
          onChange={set("email")}
        />
        <SelectField
          id="operator-filter-role"
          label={t("fields.role")}
          value={filter.roleId}
          classes={FIELD_CLASSES}
          options={[
            { value: "", label: t("anyRole") },
            ...(shown?.roles ?? []).map((role) => ({ value: role.roleId, label: role.name })),
          ]}
          onChange={set("roleId")}
        />
        <Button type="submit" size="3">
          {t("search")}
        </Button>
      </Flex>
    </form>
  );
}

function SelectionBar() {
  const { t } = useTranslation("operators");
  const list = OperatorListActor.useActorRef();
  const { selected, canSelectAll, canClear, canDelete, browsing, errors, deleteFailed } =
    useOperatorListView();
  return (
    <Flex direction="column" gap="2" ref={keepFocusInGroup}>
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2" weight="medium" role="status">
          {t("selectedCount", { count: selected.length })}
        </Text>
        <Button
          type="button"
          variant="soft"
          disabled={!canSelectAll}
          onClick={() => list.send({ type: "all.select" })}
        >
          {t("selectAll")}
        </Button>
        <Button
          type="button"
          variant="soft"
          color="gray"
          disabled={!canClear}
          onClick={() => list.send({ type: "selection.clear" })}
        >
          {t("deselectAll")}
        </Button>
        <Button
          type="button"
          color="red"
          disabled={!canDelete}
          onClick={() => list.send({ type: "delete.request" })}
        >
          {t("delete")}
        </Button>
      </Flex>
      {browsing && errors.length > 0 ? (
        <FormMessage tone="error">{errors.map(shownErrorText).join("\n")}</FormMessage>
      ) : null}
      {deleteFailed ? (
        <Flex direction="column" gap="2" align="start">
          <FormMessage tone="error">
            {[t("actionFailed"), ...errors.map(shownErrorText)].join("\n")}
          </FormMessage>
          <Flex gap="2">
            <Button type="button" onClick={() => list.send({ type: "step.retry" })}>
              {t("retry")}
            </Button>
            <Button
              type="button"
              variant="soft"
              color="gray"
              onClick={() => list.send({ type: "step.cancel" })}
            >
              {t("cancel")}
            </Button>
          </Flex>
        </Flex>
      ) : null}
    </Flex>
  );
}

/** The page-size choice and the previous / next page with "page N of M". */
function PagingBar() {
  const { t } = useTranslation("operators");
  const list = OperatorListActor.useActorRef();
  const { page, pages, pageSize, browsing } = useOperatorListView();
  return (
    <Flex gap="4" align="end" justify="between" wrap="wrap">
      <SelectField
        id="operator-page-size"
        label={t("pageSize")}
        value={String(pageSize)}
        classes={FIELD_CLASSES}
        options={OPERATOR_PAGE_SIZES.map((size) => ({
          value: String(size),
          label: t("perPage", { count: size }),
        }))}
        onChange={(value) => {
          const size = OPERATOR_PAGE_SIZES.find((candidate) => String(candidate) === value);
          if (size !== undefined) list.send({ type: "pageSize.change", pageSize: size });
        }}
      />
      {pages > 1 ? (
        <nav aria-label={t("pages")} ref={keepFocusInGroup}>
          <Flex gap="3" align="center">
            <Button
              type="button"
              variant="soft"
              disabled={page <= 1 || !browsing}
              onClick={() => list.send({ type: "page.go", page: page - 1 })}
            >
              {t("previousPage")}
            </Button>
            <Text size="2">{t("pageOf", { page, pages })}</Text>
            <Button
              type="button"
              variant="soft"
              disabled={page >= pages || !browsing}
              onClick={() => list.send({ type: "page.go", page: page + 1 })}
            >
              {t("nextPage")}
            </Button>
          </Flex>
        </nav>
      ) : null}
    </Flex>
  );
}

function OperatorTable({ selectable, linked }: { selectable: boolean; linked: boolean }) {
  const { t } = useTranslation("operators");
  const list = OperatorListActor.useActorRef();
  const { list: shown, selected } = useOperatorListView();
  if (!shown) return null;
  if (shown.operators.length === 0) return <FormMessage tone="info">{t("noOperators")}</FormMessage>;
  const ticked = new Set(selected);
  return (
    <Table.Root ref={keyboardScrollable} variant="surface" size="1" className="operator-table">
      <VisuallyHidden asChild>
        <caption>{t("tableCaption")}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {selectable ? (
            <Table.ColumnHeaderCell scope="col">
              <VisuallyHidden>{t("select")}</VisuallyHidden>
            </Table.ColumnHeaderCell>
          ) : null}
          {(
            [
              "operatorId",
              "name",
              "email",
              "role",
              "notifyRule",
              "notifyUpload",
              "locked",
              "createdAt",
            ] as const
          ).map((column) => (
            <Table.ColumnHeaderCell key={column} scope="col">
              {t(`fields.${column}`)}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {shown.operators.map((operator) => (
          <Table.Row key={operator.operatorId}>
            {selectable ? (
              <Table.Cell>
                <input
                  type="checkbox"
                  checked={ticked.has(operator.operatorId)}
                  aria-label={t("selectRow", { name: operator.name })}
                  onChange={() => list.send({ type: "row.toggle", operatorId: operator.operatorId })}
                />
              </Table.Cell>
            ) : null}
            <Table.Cell>{operator.operatorId}</Table.Cell>
            <Table.Cell>
              {linked ? (
                <AppLink to={operatorDetailPath(operator.operatorId)}>{operator.name}</AppLink>
              ) : (
                operator.name
              )}
            </Table.Cell>
            <Table.Cell>{operator.email}</Table.Cell>
            <Table.Cell>{operator.roleName}</Table.Cell>
            <Table.Cell>{operator.notifyRule ? t("notify") : t("doNotNotify")}</Table.Cell>
            <Table.Cell>{operator.notifyUpload ? t("notify") : t("doNotNotify")}</Table.Cell>
            <Table.Cell>{operator.locked ? t("locked") : t("notLocked")}</Table.Cell>
            <Table.Cell>{formatDateTime(operator.createdAt)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
