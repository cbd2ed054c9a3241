import { Box, Button, Card, Flex, Heading } from "@radix-ui/themes";
import { createActorContext } from "@xstate/react";
import { format, subMonths } from "date-fns";
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRoute } from "wouter";
import { fromPromise } from "xstate";
import {
  type DeleteRowsInput,
  listSearchMachine,
  type SearchRowsInput,
  type SearchRowsOutcome,
} from "../../../../../machines/lists/listSearchMachine.ts";
import { inJapan } from "../../../../contract/japanTime.ts";
import { keywordDelete, keywordList } from "../../../../contract/keywords.ts";
import { SCREENS } from "../../../../contract/screens.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { useConfirm } from "../../../actors/ConfirmDialogActor.tsx";
import { formatDateTime } from "../../../i18n/format.ts";
import { useScreenActions } from "../../../session/useScreenActions.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { AppLink } from "../../../ui/AppLink.tsx";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { ListDeleteBar } from "../ListDeleteBar.tsx";
import { ListTable } from "../ListTable.tsx";
import { keywordActions } from "../listActions.ts";
import { japanDayEnd, japanDayStart, ListInput } from "../listFields.tsx";
import { listSearchView, sameListView } from "../listSearchView.ts";
import { KEYWORD_CATEGORIES_PATH, keywordAddPath } from "./keywordPaths.ts";

/** One category's keywords: search, selection and delete (machines/lists/listSearchMachine). */
const KeywordListActor = createActorContext(listSearchMachine);

const text = (value: string | boolean | undefined): string => (typeof value === "string" ? value : "");
// 676 is said in place; the snackbar would say it twice.
const SEARCH_HANDLING = { suppressMessages: true } as const;

/**
 * The path's category, as entered in the address bar or linked. The protected screens are rendered
 * under one route without a pattern (routes.tsx), so the screen matches its own pattern here.
 */
export function useCategoryId(): string {
  const [, list] = useRoute<{ category: string }>(SCREENS.KeywordList.path as string);
  const [, add] = useRoute<{ category: string }>(SCREENS.KeywordAdd.path as string);
  return list?.category ?? add?.category ?? "";
}

/** The updated-at range's default start: three months before today, in Japan (spec section 2). */
export const threeMonthsAgo = (now: Date): string => format(subMonths(inJapan(now), 3), "yyyy-MM-dd");

function KeywordListProvider({ categoryId, children }: { categoryId: string; children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    listSearchMachine.provide({
      actors: {
        searchRows: fromPromise(async ({ input }: { input: SearchRowsInput }): Promise<SearchRowsOutcome> => {
          const outcome = await run(
            keywordList,
            {
              categoryId,
              prefix: text(input.criteria.prefix),
              updatedFrom: japanDayStart(text(input.criteria.updatedFrom)),
              updatedTo: japanDayEnd(text(input.criteria.updatedTo)),
            },
            SEARCH_HANDLING,
          );
          if (!outcome.ok) return outcome;
          const rows = outcome.result.keywords.map((row) => ({ key: row.keyword, cells: { ...row } }));
          return { ...outcome, result: { rows, title: outcome.result.category?.name ?? null } };
        }),
        confirmDelete: fromPromise(({ signal }) => confirm("keyword:deleteConfirm", "execute", signal)),
        deleteRows: fromPromise(({ input }: { input: DeleteRowsInput }) =>
          run(keywordDelete, { categoryId, keywords: input.rows.map((row) => row.key) }),
        ),
      },
    }),
  );
  return <KeywordListActor.Provider logic={logic}>{children}</KeywordListActor.Provider>;
}

/**
 * A category's keywords (spec section 2, /keywordList/{category}): back to the categories; search by
 * keyword prefix and updated-at range (from three months ago by default); the table of keyword,
 * updated at and by; delete of the selected ones after the confirmation; the way to add keywords.
 */
export function KeywordListScreen() {
  const categoryId = useCategoryId();
  return (
    // A new category in the path is a new list.
    <KeywordListProvider key={categoryId} categoryId={categoryId}>
      <KeywordList categoryId={categoryId} />
    </KeywordListProvider>
  );
}

function KeywordList({ categoryId }: { categoryId: string }) {
  const { t } = useTranslation("keyword");
  const { t: message } = useTranslation("messages");
  const list = KeywordListActor.useActorRef();
  const view = KeywordListActor.useSelector(listSearchView, sameListView);
  const title = KeywordListActor.useSelector((snapshot) => snapshot.context.title);
  const may = useScreenActions(keywordActions);
  const [criteria, setCriteria] = useState(() => ({
    prefix: "",
    updatedFrom: threeMonthsAgo(new Date()),
    updatedTo: "",
  }));
  const id = useId();
  const heading = t("listHeading", { name: title ?? categoryId });
  usePageTitle(heading);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first search only, with the defaults
  useEffect(() => list.send({ type: "search.submit", criteria }), [list]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    list.send({ type: "search.submit", criteria });
  };
  const unknown = !view.busy && !view.starting && !view.failed && title === null;

  return (
    <Card size="4" aria-busy={view.busy}>
      <Flex justify="between" align="center" mb="4" wrap="wrap" gap="3">
        <Heading as="h1" size="6">
          {heading}
        </Heading>
        <Flex gap="3">
          <Button asChild variant="soft" color="gray">
            <AppLink to={KEYWORD_CATEGORIES_PATH}>{t("backToCategories")}</AppLink>
          </Button>
          {unknown || !may.add ? null : (
            <Button asChild variant="soft">
              <AppLink to={keywordAddPath(categoryId)}>{t("add")}</AppLink>
            </Button>
          )}
        </Flex>
      </Flex>
      {unknown ? <FormMessage tone="error">{t("unknownCategory")}</FormMessage> : null}
      <Box asChild mb="4">
        <form onSubmit={submit} aria-labelledby={`${id}-search`} noValidate>
          <Heading as="h2" size="3" mb="2" id={`${id}-search`}>
            {t("searchHeading")}
          </Heading>
          <Flex gap="3" align="end" wrap="wrap">
            <ListInput
              id={`${id}-prefix`}
              label={t("prefix")}
              value={criteria.prefix}
              onChange={(prefix) => setCriteria({ ...criteria, prefix })}
            />
            <ListInput
              id={`${id}-from`}
              type="date"
              label={t("updatedFrom")}
              value={criteria.updatedFrom}
              onChange={(updatedFrom) => setCriteria({ ...criteria, updatedFrom })}
            />
            <ListInput
              id={`${id}-to`}
              type="date"
              label={t("updatedTo")}
              value={criteria.updatedTo}
              onChange={(updatedTo) => setCriteria({ ...criteria, updatedTo })}
            />
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
      {view.noData && !unknown ? <FormMessage tone="info">{message("no.676")}</FormMessage> : null}
      {view.rows.length > 0 ? (
        <Flex direction="column" gap="3">
          {may.remove ? (
            <ListDeleteBar
              label={t("delete")}
              selectedText={t("selectedOfTotal", { count: view.selected.length, total: view.rows.length })}
              unavailable={!view.canDelete}
              onDelete={() => list.send({ type: "delete.request" })}
            />
          ) : null}
          <ListTable
            caption={t("tableCaption")}
            rows={view.rows}
            columns={[
              { name: "keyword", label: t("columns.keyword") },
              {
                name: "updatedAt",
                label: t("columns.updatedAt"),
                render: (row) => (row.cells.updatedAt ? formatDateTime(row.cells.updatedAt) : ""),
              },
              { name: "updatedBy", label: t("columns.updatedBy") },
            ]}
            selection={
              may.remove
                ? {
                    selected: view.selected,
                    allSelected: view.allSelected,
                    allLabel: t("selectAll"),
                    rowLabel: (row) => t("selectRow", { keyword: row.key }),
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
