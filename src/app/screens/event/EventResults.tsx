import { Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EVENT_TOTAL_CAP } from "../../../contract/eventSearch.ts";
import { EventSearchActor } from "../../actors/EventSearchActor.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { EventExportDialog } from "./EventExportDialog.tsx";
import { EventResultTable } from "./EventResultTable.tsx";
import { rememberListForDetail, scrollOffsetToRestore } from "./eventTransit.ts";
import { PageSizeSelect } from "./PageSizeSelect.tsx";
import { PagingNav } from "./PagingNav.tsx";
import { SelectionBar } from "./SelectionBar.tsx";
import { SplitPeriodDialog } from "./SplitPeriodDialog.tsx";

/** What the search found: 676 when nothing, the failure, or the page with its total and selection. */
export function EventResults() {
  const { t } = useTranslation("eventList");
  const { t: message } = useTranslation("messages");
  const empty = EventSearchActor.useSelector((snapshot) => snapshot.matches("empty"));
  const failed = EventSearchActor.useSelector((snapshot) => snapshot.matches("error"));
  const errors = EventSearchActor.useSelector((snapshot) => snapshot.context.errors);
  const hasPage = EventSearchActor.useSelector((snapshot) => snapshot.context.page !== null);

  if (empty) return <FormMessage tone="info">{message("no.676")}</FormMessage>;
  if (failed) {
    const general = errors.filter((error) => !error.field).map((error) => error.message);
    return (
      <FormMessage tone="error">{general.length > 0 ? general.join("\n") : t("loadFailed")}</FormMessage>
    );
  }
  if (!hasPage) return <Loading label={t("searching")} />;
  return <ResultPage />;
}

function ResultPage() {
  const { t, i18n } = useTranslation("eventList");
  const list = EventSearchActor.useActorRef();
  const page = EventSearchActor.useSelector((snapshot) => snapshot.context.page);
  const search = EventSearchActor.useSelector((snapshot) => snapshot.context.search);
  const pageSize = EventSearchActor.useSelector((snapshot) => snapshot.context.pageSize);
  const selection = EventSearchActor.useSelector((snapshot) => snapshot.context.selection);
  const pageKey = EventSearchActor.useSelector((snapshot) => snapshot.context.cursors.join("|"));
  const canChangeSize = EventSearchActor.useSelector((snapshot) =>
    snapshot.can({ type: "page.size", pageSize: 200 }),
  );
  // Back from a detail: the first page shown scrolls to where the operator left it, once.
  const [restoreOffset] = useState(() => scrollOffsetToRestore(search));
  const [firstPageKey] = useState(pageKey);
  if (!page) return null;

  const count = (n: number) => n.toLocaleString(i18n.language);
  const total = page.totalCapped
    ? t("totalCapped", { count: count(EVENT_TOTAL_CAP) })
    : t("total", { count: count(page.total) });

  return (
    <Flex direction="column" gap="3">
      <Flex gap="4" align="end" justify="between" wrap="wrap">
        <Text size="4" weight="bold" role="status" aria-live="polite">
          {total}
        </Text>
        <Flex gap="4" align="end" wrap="wrap">
          <PagingNav />
          <PageSizeSelect
            pageSize={pageSize}
            disabled={!canChangeSize}
            onChange={(size) => list.send({ type: "page.size", pageSize: size })}
          />
        </Flex>
      </Flex>
      <SelectionBar />
      <EventResultTable
        key={pageKey}
        rows={page.rows}
        selection={selection}
        initialOffset={pageKey === firstPageKey ? restoreOffset : 0}
        onToggle={(eventId) => list.send({ type: "row.toggle", eventId })}
        onOpenDetail={(scrollOffset) => rememberListForDetail(search, scrollOffset)}
      />
      <SplitPeriodDialog />
      <EventExportDialog />
    </Flex>
  );
}
