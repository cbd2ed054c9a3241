import { Card, Heading } from "@radix-ui/themes";
import { createActorContext } from "@xstate/react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  type DeleteRowsOutcome,
  listSearchMachine,
  type SearchRowsOutcome,
} from "../../../../../machines/lists/listSearchMachine.ts";
import { keywordCategoryList } from "../../../../contract/keywords.ts";
import { useRunCall } from "../../../actors/CallRunner.tsx";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { AppLink } from "../../../ui/AppLink.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { ListTable } from "../ListTable.tsx";
import { listSearchView, sameListView } from "../listSearchView.ts";
import { keywordListPath } from "./keywordPaths.ts";

/** The keyword categories' list (machines/lists/listSearchMachine: one search, no selection). */
const KeywordCategoriesActor = createActorContext(listSearchMachine);

const TARGETS = ["address", "itemName", "mailDomain", "company", "deliveryCompany"] as const;

function KeywordCategoriesProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const [logic] = useState(() =>
    listSearchMachine.provide({
      actors: {
        searchRows: fromPromise(async (): Promise<SearchRowsOutcome> => {
          const outcome = await run(keywordCategoryList, {});
          if (!outcome.ok) return outcome;
          const rows = outcome.result.categories.map((category) => ({
            key: category.categoryId,
            cells: {
              categoryId: category.categoryId,
              name: category.name,
              target: category.target,
              count: String(category.count),
            },
          }));
          return { ...outcome, result: { rows } };
        }),
        // Categories are not deleted here: nothing to confirm or delete.
        confirmDelete: fromPromise(async () => false),
        deleteRows: fromPromise(
          async (): Promise<DeleteRowsOutcome> => ({ ok: true, result: { deleted: 0 }, messages: [] }),
        ),
      },
    }),
  );
  return <KeywordCategoriesActor.Provider logic={logic}>{children}</KeywordCategoriesActor.Provider>;
}

/**
 * Keyword registration (spec section 2, /keywordCategoryList): the categories the engine matches,
 * each with its keyword count, each opening its list.
 */
export function KeywordCategoryListScreen() {
  const { t } = useTranslation("keyword");
  usePageTitle(t("categoryHeading"));
  return (
    <KeywordCategoriesProvider>
      <Categories />
    </KeywordCategoriesProvider>
  );
}

function Categories() {
  const { t } = useTranslation("keyword");
  const { t: message } = useTranslation("messages");
  const list = KeywordCategoriesActor.useActorRef();
  const view = KeywordCategoriesActor.useSelector(listSearchView, sameListView);
  useEffect(() => list.send({ type: "search.submit", criteria: {} }), [list]);
  const targetLabel = (target: string | null | undefined) => {
    const known = TARGETS.find((candidate) => candidate === target);
    return known ? t(`targets.${known}`) : (target ?? "");
  };

  return (
    <Card size="4" aria-busy={view.busy}>
      <Heading as="h1" size="6" mb="4">
        {t("categoryHeading")}
      </Heading>
      {view.starting || (view.busy && view.rows.length === 0) ? <Loading /> : null}
      {view.failed ? (
        <FormMessage tone="error">
          {view.errors.map(shownErrorText).join("\n") || t("loadFailed")}
        </FormMessage>
      ) : null}
      {view.noData ? <FormMessage tone="info">{message("no.676")}</FormMessage> : null}
      {view.rows.length > 0 ? (
        <ListTable
          caption={t("categoryCaption")}
          rows={view.rows}
          columns={[
            {
              name: "name",
              label: t("columns.name"),
              render: (row) => <AppLink to={keywordListPath(row.key)}>{row.cells.name}</AppLink>,
            },
            { name: "target", label: t("columns.target"), render: (row) => targetLabel(row.cells.target) },
            { name: "count", label: t("columns.count") },
          ]}
        />
      ) : null}
    </Card>
  );
}
