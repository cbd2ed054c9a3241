import { useEffect, useMemo } from "react";
import { useSearch } from "wouter";
import { type EventSearch, searchFromQuery, searchToQuery } from "../../../contract/eventSearch.ts";
import { EventSearchActor } from "../../actors/EventSearchActor.tsx";
import { currentPath, navigateTo } from "../../navigation.ts";
import { listPath } from "./eventTransit.ts";

/**
 * The search lives in the URL (issue 4): the list runs the URL's search when it opens and whenever the
 * URL changes (reload, bookmark, back and forward); a search from the form becomes a new history entry.
 * Returns the URL's search and how to search.
 */
export function useUrlSearch(): { search: EventSearch; searchFor: (search: EventSearch) => void } {
  const list = EventSearchActor.useActorRef();
  const query = useSearch();
  const search = useMemo(() => searchFromQuery(new URLSearchParams(query)), [query]);
  const key = searchToQuery(search).toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the search
  useEffect(() => {
    list.send({ type: "search.submit", search });
  }, [key, list]);

  const searchFor = (next: EventSearch) => {
    const path = listPath(next);
    // The same search again is sent as is (fresh results); the URL already says it.
    if (`${currentPath()}${window.location.search}` === path)
      list.send({ type: "search.submit", search: next });
    else navigateTo(path);
  };
  return { search, searchFor };
}
