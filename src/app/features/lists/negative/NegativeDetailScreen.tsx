import { Button, Card, DataList, Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { createActorContext, shallowEqual } from "@xstate/react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { fromPromise, type SnapshotFrom } from "xstate";
import { negativeDetailMachine } from "../../../../../machines/lists/negativeDetailMachine.ts";
import { ERROR } from "../../../../contract/errors.ts";
import { negativeDetail, negativeDetailDelete } from "../../../../contract/negativeList.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { formatDateTime } from "../../../i18n/format.ts";
import { navigateTo } from "../../../navigation.ts";
import { useScreenActions } from "../../../session/useScreenActions.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { AppLink } from "../../../ui/AppLink.tsx";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { negativeActions } from "../listActions.ts";

/** The negative detail's workflow (machines/lists). */
const NegativeDetailActor = createActorContext(negativeDetailMachine);

// 963 (the entry is gone) is said in place.
const DETAIL_HANDLING = { handledHere: [ERROR.notFound] } as const;

function NegativeDetailProvider({ negativeId, children }: { negativeId: string; children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    negativeDetailMachine.provide({
      actors: {
        loadDetail: fromPromise(({ input }: { input: { negativeId: string } }) =>
          run(negativeDetail, input, DETAIL_HANDLING),
        ),
        confirmDelete: fromPromise(({ signal }) =>
          confirm("negative:detailDeleteConfirm", "execute", signal),
        ),
        deleteEntry: fromPromise(({ input }: { input: { negativeId: string } }) =>
          run(negativeDetailDelete, input, DETAIL_HANDLING),
        ),
      },
      actions: { backToList: () => navigateTo("/NegativeList") },
    }),
  );
  return (
    <NegativeDetailActor.Provider logic={logic} options={{ input: { negativeId } }}>
      {children}
    </NegativeDetailActor.Provider>
  );
}

function negativeDetailView(snapshot: SnapshotFrom<typeof negativeDetailMachine>) {
  return {
    busy: snapshot.hasTag("busy"),
    detail: snapshot.context.detail,
    loading: snapshot.matches("idle") || snapshot.matches("loading"),
    notFound: snapshot.matches("notFound"),
    failed: snapshot.matches("failed"),
    deleting: snapshot.matches("confirmingDelete") || snapshot.matches("deleting"),
  };
}

/**
 * Negative detail (spec 2, /NegativeDetail?negativeId=…): every field read-only (hashes as hashes),
 * how it was added with its source event, created and updated at and by, the events of the last 90
 * days it matches (linked to that event search), Delete and Back (to the list with its search).
 */
export function NegativeDetailScreen() {
  const { t } = useTranslation("negative");
  usePageTitle(t("detailHeading"));
  const negativeId = new URLSearchParams(useSearch()).get("negativeId") ?? "";
  return (
    <NegativeDetailProvider key={negativeId} negativeId={negativeId}>
      <NegativeDetailBody />
    </NegativeDetailProvider>
  );
}

function NegativeDetailBody() {
  const { t } = useTranslation("negative");
  const actor = NegativeDetailActor.useActorRef();
  const view = NegativeDetailActor.useSelector(negativeDetailView, shallowEqual);
  const may = useScreenActions(negativeActions);
  useEffect(() => actor.send({ type: "detail.load" }), [actor]);
  const back = (
    <Button variant="soft" onClick={() => navigateTo("/NegativeList")}>
      {t("back")}
    </Button>
  );
  return (
    <Card size="4" aria-busy={view.busy}>
      <Flex justify="between" align="start" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="6">
          {t("detailHeading")}
        </Heading>
        <Flex gap="2">
          {back}
          {view.detail && may.detailRemove ? (
            <BusyButton
              color="red"
              busy={view.deleting}
              onClick={() => actor.send({ type: "delete.request" })}
            >
              {t("delete")}
            </BusyButton>
          ) : null}
        </Flex>
      </Flex>
      {view.loading ? <Loading /> : null}
      {view.notFound ? <FormMessage tone="info">{t("notFound")}</FormMessage> : null}
      {view.failed ? (
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">{t("loadFailed")}</FormMessage>
          <Button onClick={() => actor.send({ type: "detail.load" })}>{t("reload")}</Button>
        </Flex>
      ) : null}
      {view.detail ? <DetailContent detail={view.detail} /> : null}
    </Card>
  );
}

function DetailContent({ detail }: { detail: NonNullable<ReturnType<typeof negativeDetailView>["detail"]> }) {
  const { t } = useTranslation("negative");
  const source = detail.addType ? t(`addTypes.${detail.addType}`, { defaultValue: detail.addType }) : "";
  const summary: [string, ReactNode][] = [
    [t("negativeId"), detail.negativeId],
    [t("source"), source],
    [
      t("sourceEvent"),
      detail.eventId ? (
        <AppLink key="event" to={`/EventDetail?eventId=${encodeURIComponent(detail.eventId)}`}>
          {detail.shopEventId ?? detail.eventId}
        </AppLink>
      ) : (
        "-"
      ),
    ],
    [t("createdAt"), formatDateTime(detail.createdAt)],
    [t("createdBy"), detail.createdBy ?? "-"],
    [t("updatedAt"), formatDateTime(detail.updatedAt)],
    [t("updatedBy"), detail.updatedBy ?? "-"],
    [t("validUntil"), detail.validUntil ? formatDateTime(detail.validUntil) : t("noExpiry")],
    [t("note"), detail.note ?? "-"],
    [
      t("matches"),
      detail.matchQuery ? (
        <AppLink key="events" to={`/EventList?${detail.matchQuery}`}>
          {t("matchesLink", { count: detail.matchCount })}
        </AppLink>
      ) : (
        t("matchesLink", { count: detail.matchCount })
      ),
    ],
  ];
  return (
    <Flex direction="column" gap="4">
      <DataList.Root>
        {summary.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label>{label}</DataList.Label>
            <DataList.Value>{value}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Table.Root variant="surface" size="1">
        <VisuallyHidden asChild>
          <caption>{t("detailCaption")}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell scope="col">{t("fieldName")}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col">{t("fieldValue")}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {detail.fields.map((field) => (
            <Table.Row key={field.field}>
              <Table.RowHeaderCell>{t(`fields.${field.field}`)}</Table.RowHeaderCell>
              <Table.Cell>
                <Text style={{ wordBreak: "break-all", fontFamily: "var(--code-font-family)" }}>
                  {field.value}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Flex>
  );
}
