import { useEffect, useMemo, useRef } from "react";
import { useSearch } from "wouter";
import type { ListPosition } from "../../../../machines/event/eventSearchMachine.ts";
import type { ListSelection } from "../../../../machines/event/eventSelection.ts";
import { type EventSearch, readSearchQuery, searchToQuery } from "../../../contract/eventSearch.ts";
import { currentPath, navigateTo } from "../../navigation.ts";
import { type FieldErrors, parseErrors } from "../../ui/fieldErrors.ts";
import { EventSearchActor } from "./EventSearchActor.tsx";
import { listPath, listReturn } from "./eventTransit.ts";

interface Opening {
  /** The search's key while it is still the one shown; null once another has been. */
  key: string | null;
  position: ListPosition | null;
  selection: ListSelection | null;
}

/**
 * The search lives in the URL (issue 4): the list runs the URL's search when it opens and whenever the
 * URL changes (reload, bookmark, back and forward); a search from the form becomes a new history entry.
 * Opened again for the search a detail was opened from, the list starts at that page and page size,
 * with the rows ticked then still ticked.
 * A URL whose search is not valid (edited by hand) runs nothing; its values go to the form with the
 * reasons at their fields. Returns the URL's search, those reasons, and how to search.
 */
export function useUrlSearch(): {
  search: EventSearch;
  urlErrors: FieldErrors;
  /** Why the URL's search is not valid where no field of the form can show it. */
  urlProblems: string[];
  searchFor: (search: EventSearch) => void;
} {
  const list = EventSearchActor.useActorRef();
  const query = useSearch();
  const read = useMemo(() => readSearchQuery(new URLSearchParams(query)), [query]);
  const key = `${read.valid}:${searchToQuery(read.search).toString()}`;
  // The search the list opened with, and the page to start it at (back from its detail). Kept until
  // another search is shown, so a repeated run of the effect (React's StrictMode) starts there too.
  const opening = useRef<Opening | null>(null);
  if (!opening.current) {
    const { position, selection } = listReturn(read.search);
    opening.current = { key, position, selection };
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the search
  useEffect(() => {
    const start = opening.current as Opening;
    if (start.key !== key) start.key = null;
    const resumed = start.key === key;
    const position = resumed ? start.position : null;
    const selection = resumed ? start.selection : null;
    if (!read.valid) list.send({ type: "search.invalid", search: read.search });
    else
      list.send({
        type: "search.submit",
        search: read.search,
        ...(position ? { position } : {}),
        ...(selection ? { selection } : {}),
      });
  }, [key, list]);

  // A field's reason goes to the field (a wrong choice in a list, "aaresult.1", is its field's);
  // the others (an unknown key, the mode) to the list's message. Worded in the language shown.
  const urlErrors: FieldErrors = {};
  const urlProblems: string[] = [];
  if (!read.valid)
    for (const [path, message = ""] of Object.entries(parseErrors(read.error))) {
      const field = path.split(".")[0] as string;
      if (field !== "" && field !== "mode" && Object.hasOwn(read.search, field)) urlErrors[field] ??= message;
      else urlProblems.push(field === "" ? message : `${field}: ${message}`);
    }

  const searchFor = (next: EventSearch) => {
    const path = listPath(next);
    // The same search again is sent as is (fresh results); the URL already says it.
    if (`${currentPath()}${window.location.search}` === path)
      list.send({ type: "search.submit", search: next });
    else navigateTo(path);
  };
  return { search: read.search, urlErrors, urlProblems, searchFor };
}
