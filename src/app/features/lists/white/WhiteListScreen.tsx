import { Box, Button, Card, Checkbox, Flex, Heading, Text } from "@radix-ui/themes";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ListRow } from "../../../../../machines/lists/listSearchMachine.ts";
import { SCREENS } from "../../../../contract/screens.ts";
import { WHITE_TYPES } from "../../../../contract/whiteList.ts";
import { formatDate, formatDateTime } from "../../../i18n/format.ts";
import { useScreenActions } from "../../../session/useScreenActions.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { AppLink } from "../../../ui/AppLink.tsx";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { ListDeleteBar } from "../ListDeleteBar.tsx";
import { type ListColumn, ListTable } from "../ListTable.tsx";
import { whiteActions } from "../listActions.ts";
import { ListInput, ListSelect } from "../listFields.tsx";
import { listSearchView, sameListView } from "../listSearchView.ts";
import { WhiteListActor, WhiteListProvider } from "./WhiteListActor.tsx";

/**
 * White list (spec section 2, /white): search by created date, type and value prefix (and "expires
 * within 7 days"), the table of entries, delete of the selected ones after a Yes/No confirmation,
 * 676 in place when nothing matches, and the way to /white/new.
 */
export function WhiteListScreen() {
  const { t } = useTranslation("white");
  usePageTitle(t("listHeading"));
  return (
    <WhiteListProvider>
      <WhiteList />
    </WhiteListProvider>
  );
}

const EMPTY = { createdFrom: "", createdTo: "", type: "", value: "", expiringSoon: false };

function WhiteList() {
  const { t } = useTranslation("white");
  const { t: message } = useTranslation("messages");
  const list = WhiteListActor.useActorRef();
  const view = WhiteListActor.useSelector(listSearchView, sameListView);
  const may = useScreenActions(whiteActions);
  const [criteria, setCriteria] = useState(EMPTY);
  const id = useId();

  useEffect(() => list.send({ type: "search.submit", criteria: EMPTY }), [list]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.send({ type: "search.submit", criteria });
  };
  const typeLabel = (type: string | null | undefined) =>
    WHITE_TYPES.find((known) => known === type)
      ? t(`types.${type as (typeof WHITE_TYPES)[number]}`)
      : (type ?? "");

  const columns: ListColumn[] = [
    { name: "type", label: t("columns.type"), render: (row) => typeLabel(row.cells.type) },
    { name: "value", label: t("columns.value") },
    {
      name: "validUntil",
      label: t("columns.validUntil"),
      // Stored as the instant the day ends: the last day it counts is the day before that instant.
      render: (row) =>
        row.cells.validUntil ? formatDate(new Date(row.cells.validUntil).getTime() - 1) : t("noExpiry"),
    },
    { name: "note", label: t("columns.note") },
    {
      name: "createdAt",
      label: t("columns.createdAt"),
      render: (row) => (row.cells.createdAt ? formatDateTime(row.cells.createdAt) : ""),
    },
    { name: "operatorName", label: t("columns.operatorName") },
  ];

  return (
    <Card size="4" aria-busy={view.busy}>
      <Flex justify="between" align="center" mb="4" wrap="wrap" gap="3">
        <Heading as="h1" size="6">
          {t("listHeading")}
        </Heading>
        {may.add ? (
          <Button asChild variant="soft">
            <AppLink to={SCREENS.WhiteAdd.path as string}>{t("add")}</AppLink>
          </Button>
        ) : null}
      </Flex>
      <Box asChild mb="4">
        <form onSubmit={submit} aria-labelledby={`${id}-search`} noValidate>
          <Heading as="h2" size="3" mb="2" id={`${id}-search`}>
            {t("searchHeading")}
          </Heading>
          <Flex gap="3" align="end" wrap="wrap">
            <ListInput
              id={`${id}-from`}
              type="date"
              label={t("createdFrom")}
              value={criteria.createdFrom}
              onChange={(createdFrom) => setCriteria({ ...criteria, createdFrom })}
            />
            <ListInput
              id={`${id}-to`}
              type="date"
              label={t("createdTo")}
              value={criteria.createdTo}
              onChange={(createdTo) => setCriteria({ ...criteria, createdTo })}
            />
            <ListSelect
              id={`${id}-type`}
              label={t("type")}
              value={criteria.type}
              options={(["", ...WHITE_TYPES] as const).map((type) => ({
                value: type,
                label: t(`types.${type}`),
              }))}
              onChange={(type) => setCriteria({ ...criteria, type })}
            />
            <ListInput
              id={`${id}-value`}
              label={t("value")}
              value={criteria.value}
              hint={t("valuePrefixHint")}
              onChange={(value) => setCriteria({ ...criteria, value })}
            />
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox
                  checked={criteria.expiringSoon}
                  onCheckedChange={(checked) => setCriteria({ ...criteria, expiringSoon: checked === true })}
                />
                {t("expiringSoon")}
              </Flex>
            </Text>
            <BusyButton type="submit" busy={view.busy}>
              {t("search")}
            </BusyButton>
          </Flex>
        </form>
      </Box>
      {view.failed ? (
        <FormMessage tone="error">
          {view.errors.map(shownErrorText).join("\n") || t("loadFailed")}
        </FormMessage>
      ) : null}
      {view.noData ? <FormMessage tone="info">{message("no.676")}</FormMessage> : null}
      {view.rows.length > 0 ? (
        <Flex direction="column" gap="3">
          {may.remove ? (
            <ListDeleteBar
              label={t("delete")}
              selectedText={t("selected", { count: view.selected.length })}
              unavailable={!view.canDelete}
              onDelete={() => list.send({ type: "delete.request" })}
            />
          ) : null}
          <ListTable
            caption={t("tableCaption")}
            columns={columns}
            rows={view.rows}
            selection={
              may.remove
                ? {
                    selected: view.selected,
                    allSelected: view.allSelected,
                    allLabel: t("selectAll"),
                    rowLabel: (row: ListRow) => t("selectRow", { value: row.cells.value ?? "" }),
                    toggle: (key) => list.send({ type: "row.toggle", key }),
                    toggleAll: () => list.send({ type: "rows.toggleAll" }),
                  }
                : undefined
            }
          />
        </Flex>
      ) : null}
    </Card>
  );
}
