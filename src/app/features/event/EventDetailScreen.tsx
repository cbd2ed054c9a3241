import { Button, Card, Flex, Heading } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { eventIdField } from "../../../contract/eventDetail.ts";
import { translateKey } from "../../i18n/i18n.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { keepFocusInGroup } from "../../ui/keepFocusInGroup.ts";
import { Loading } from "../../ui/Loading.tsx";
import { StickyBar } from "../../ui/StickyBar.tsx";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { ActionBar } from "./detail/ActionBar.tsx";
import { ActionDialog } from "./detail/ActionDialog.tsx";
import { DetailNavigation } from "./detail/DetailNavigation.tsx";
import { DetailSections } from "./detail/DetailSections.tsx";
import { DetailShortcutHelp } from "./detail/DetailShortcutHelp.tsx";
import { EditStatus } from "./detail/EditStatus.tsx";
import { FixedItems } from "./detail/FixedItems.tsx";
import { ShownEventIds } from "./detail/ShownEventIds.tsx";
import { EventDetailActor, EventDetailProvider } from "./EventDetailActor.tsx";
import { EventDetailScreeningActor, EventDetailScreeningProvider } from "./EventDetailScreeningActor.tsx";
import { readListForDetail, rememberShownEvent } from "./eventTransit.ts";
import { useEventDetailView } from "./useEventDetailView.ts";
import "./detail/eventDetail.css";

/**
 * Event detail (spec sections 2 and 3, issue 4): the event of `?eventId=` in the operator's layout,
 * previous / next within the list's search, back to the list, and the actions the operator may take
 * (OK, NG, HOLD, negative, memo, assignee, labels), each through its dialog and the confirmation.
 */
export function EventDetailScreen() {
  const { t } = useTranslation("eventDetail");
  usePageTitle(t("heading"));
  return (
    <EventDetailProvider>
      <EventDetailScreeningProvider>
        <EventDetailPage />
      </EventDetailScreeningProvider>
    </EventDetailProvider>
  );
}

function EventDetailPage() {
  const { t } = useTranslation("eventDetail");
  const eventId = new URLSearchParams(useSearch()).get("eventId")?.trim() ?? "";
  // An ID no event can have (empty, too long) is not found (963), as an unknown one is: no call.
  const possible = eventIdField.safeParse(eventId).success;
  const detailActor = EventDetailActor.useActorRef();
  const screening = EventDetailScreeningActor.useActorRef();
  const { detail, starting: loading } = useEventDetailView();

  // The URL names the event: opening another one (previous, next, related) loads it afresh.
  useEffect(() => {
    if (possible)
      detailActor.send({ type: "detail.open", eventId, search: readListForDetail()?.search ?? null });
  }, [detailActor, eventId, possible]);

  // Opened from the list (its row, now gone, had the focus): the focus starts at the heading, so Tab
  // goes on to the navigation and the actions rather than from the top of the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownEventId = detail?.basic.eventId;
  useEffect(() => {
    if (shownEventId && (document.activeElement === document.body || document.activeElement === null))
      heading.current?.focus();
  }, [shownEventId]);

  // Every detail shown (loaded, saved, reloaded) is the one the actions save against, and the one
  // whose row the list focuses on the way back.
  useEffect(() => {
    if (!detail) return;
    rememberShownEvent(detail.basic.eventId);
    screening.send({
      type: "detail.show",
      eventId: detail.basic.eventId,
      version: detail.version,
      editBlock: detail.editBlock,
    });
  }, [screening, detail]);

  return (
    <Card size="4" aria-busy={possible && loading} className="sticky-bar-host">
      <Heading as="h1" size="6" mb="4" ref={heading} tabIndex={-1}>
        {t("heading")}
      </Heading>
      {possible ? <DetailBody /> : <FormMessage tone="error">{translateKey("messages:no.963")}</FormMessage>}
    </Card>
  );
}

function DetailBody() {
  const { t } = useTranslation("eventDetail");
  const detailActor = EventDetailActor.useActorRef();
  const { data, neighbours, errors, notFound, failed, loadingAnother, neighboursPending } =
    useEventDetailView();
  const dialogOpen = EventDetailScreeningActor.useSelector((snapshot) => snapshot.hasTag("dialogOpen"));

  if (notFound)
    return <FormMessage tone="error">{errors[0]?.message || translateKey("messages:no.963")}</FormMessage>;
  if (failed)
    return (
      <Flex direction="column" gap="3" align="start">
        <FormMessage tone="error">{[t("loadFailed"), ...errors.map(shownErrorText)].join("\n")}</FormMessage>
        <Button type="button" onClick={() => detailActor.send({ type: "detail.reload" })}>
          {t("reload")}
        </Button>
      </Flex>
    );
  if (!data) return <Loading />;
  const { detail, format, writableActions, displayFormatAvailable } = data;
  // While another event loads, only the navigation stays (the same elements, so the focus stays on
  // the button pressed); the shown event's actions and sections give way to the loading indicator.
  return (
    <Flex direction="column" gap="4">
      <StickyBar>
        <Flex gap="3" wrap="wrap" align="center">
          <DetailNavigation
            eventId={detail.basic.eventId}
            neighbours={neighbours}
            neighboursPending={neighboursPending}
            disabled={dialogOpen}
            displayFormatAvailable={displayFormatAvailable}
          >
            <DetailShortcutHelp writable={writableActions} />
          </DetailNavigation>
          <ShownEventIds detail={detail} />
        </Flex>
        {/* A refused action disables the actions: the focus moves to Reload, not to the page. */}
        {loadingAnother ? null : (
          <div ref={keepFocusInGroup} className="detail-edit-controls">
            <EditStatus block={detail.editBlock} />
            <ActionBar writable={writableActions} />
          </div>
        )}
      </StickyBar>
      {loadingAnother ? (
        <Loading />
      ) : (
        <>
          <FixedItems detail={detail} items={format.fixedItems} />
          <DetailSections detail={detail} format={format} />
          <ActionDialog detail={detail} />
        </>
      )}
    </Flex>
  );
}
