import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorItem } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { EVENT_TOTAL_CAP } from "../../../contract/eventSearch.ts";
import { errorNoticeText } from "../../actors/applyRouting.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { EventExportDialog } from "./EventExportDialog.tsx";
import { EventResultTable } from "./EventResultTable.tsx";
import { EventSearchActor } from "./EventSearchActor.tsx";
import { listReturn, markListReturned, rememberListForDetail } from "./eventTransit.ts";
import { PageSizeSelect } from "./PageSizeSelect.tsx";
import { PagingNav } from "./PagingNav.tsx";
import { rememberPageSize } from "./pageSizePreference.ts";
import { SelectionBar } from "./SelectionBar.tsx";
import { SplitPeriodDialog } from "./SplitPeriodDialog.tsx";
import { useEventListView, useEventTotalView } from "./useEventListView.ts";

/**
 * A failure as its notification reads (spec section 8): a refusal's code, then its message; a call
 * that failed outright, 697 alone (no server gave it a code).
 */
const failureText = (error: ErrorItem): string =>
  error.code === ERROR.internalFailure
    ? shownErrorText(error)
    : errorNoticeText(error.code, shownErrorText(error));

/**
 * What the search found: 676 when nothing, the failure, why nothing was searched (a URL's search
 * that is not valid), or the page with its total and selection.
 */
export function EventResults({ invalidReasons }: { invalidReasons: readonly string[] }) {
  const { t } = useTranslation("eventList");
  const { t: message } = useTranslation("messages");
  const { empty, invalid, failed, errors, page } = useEventListView();

  if (empty) return <FormMessage tone="info">{message("no.676")}</FormMessage>;
  if (invalid)
    return <FormMessage tone="error">{[t("invalidSearch"), ...invalidReasons].join("\n")}</FormMessage>;
  if (failed) {
    const general = errors.filter((error) => !error.field).map(failureText);
    // Refused only at fields (a screening model the tenant does not have): the form shows why.
    const [atField] = errors;
    return (
      <FormMessage tone="error">
        {general.length > 0
          ? general.join("\n")
          : atField
            ? errorNoticeText(atField.code, t("searchRefused"))
            : t("loadFailed")}
      </FormMessage>
    );
  }
  if (page === null) return <Loading label={t("searching")} />;
  return <ResultPage />;
}

function ResultPage() {
  const list = EventSearchActor.useActorRef();
  // Another page that failed outright (the network): this one stays, its failure (errors) above it.
  const {
    page,
    errors: pageErrors,
    search,
    pageSize,
    selection,
    cursors,
    canChangeSize,
  } = useEventListView();
  const pageKey = cursors.join("|");
  const position = { pageSize, cursors };
  // Back from a detail: the first page shown scrolls to where the operator left it and focuses the
  // row of the event shown last, once.
  const [restore] = useState(() => listReturn(search));
  const [firstPageKey] = useState(pageKey);
  // Restored once: a reload later opens the list as any list opens.
  useEffect(() => markListReturned(), []);
  // The operator's size is the one a page was shown at: a size whose page failed is not in use.
  const shownSize = page?.position.pageSize;
  useEffect(() => {
    if (shownSize !== undefined) rememberPageSize(shownSize);
  }, [shownSize]);
  if (!page) return null;

  return (
    <Flex direction="column" gap="3">
      {pageErrors.length > 0 ? (
        <FormMessage tone="error">{pageErrors.map(failureText).join("\n")}</FormMessage>
      ) : null}
      <Flex gap="4" align="end" justify="between" wrap="wrap">
        <ResultTotal />
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
        initialOffset={pageKey === firstPageKey ? restore.scrollOffset : 0}
        initialFocus={pageKey === firstPageKey ? restore.focus : null}
        onToggle={(eventId) => list.send({ type: "row.toggle", eventId })}
        onOpenDetail={(scrollOffset, opened) =>
          rememberListForDetail(search, position, scrollOffset, selection, opened)
        }
      />
      <SplitPeriodDialog />
      <EventExportDialog />
    </Flex>
  );
}

/**
 * The search's total, counted by a call of its own beside the first page: "Counting…" until it
 * arrives, exact up to 150,000 and "150,000+" beyond; a failed count says so and can be asked again
 * while the rows stay.
 */
function ResultTotal() {
  const { t } = useTranslation("eventList");
  const list = EventSearchActor.useActorRef();
  const { total, failed, countErrors } = useEventTotalView();

  if (failed) {
    // A failure of the call itself says 697 (shownErrorText), as its notice does.
    const reasons = countErrors.map(shownErrorText);
    return (
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2" color="red" role="alert">
          {[t("countFailed"), ...reasons].join(" ")}
        </Text>
        <Button type="button" variant="soft" size="1" onClick={() => list.send({ type: "count.retry" })}>
          {t("countRetry")}
        </Button>
      </Flex>
    );
  }
  return (
    <Text size="4" weight="bold" role="status" aria-live="polite">
      {total === null
        ? t("counting")
        : total.totalCapped
          ? t("totalCapped", { count: EVENT_TOTAL_CAP })
          : t("total", { count: total.total })}
    </Text>
  );
}
