import { Card, Flex, Heading } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { ShortcutHelp } from "../../shortcuts/ShortcutHelp.tsx";
import { serverFieldErrors } from "../../ui/fieldErrors.ts";
import { EventResults } from "./EventResults.tsx";
import { EventSearchProvider } from "./EventSearchActor.tsx";
import { EventSearchChoicesProvider } from "./EventSearchChoices.tsx";
import { EventSearchForm } from "./EventSearchForm.tsx";
import { LIST_KEYS } from "./eventShortcuts.ts";
import { useEventListView } from "./useEventListView.ts";
import { useUrlSearch } from "./useUrlSearch.ts";
import "./eventList.css";

/**
 * Event list (spec section 2, issue 4): quick or detailed search kept in the URL, the results in
 * keyset pages with their total, a selection within one screening model, and CSV output of it.
 */
export function EventListScreen() {
  const { t } = useTranslation("eventList");
  usePageTitle(t("heading"));
  return (
    <EventSearchProvider>
      <EventSearchChoicesProvider>
        <EventList />
      </EventSearchChoicesProvider>
    </EventSearchProvider>
  );
}

function EventList() {
  const { t } = useTranslation("eventList");
  const { t: shortcut } = useTranslation("shortcuts");
  const { search, urlErrors, urlProblems, searchFor } = useUrlSearch();
  // A URL's search that is not valid is refused before any call; the server's refusal names fields.
  const { busy, errors: serverErrors } = useEventListView();
  const fieldErrors = { ...urlErrors, ...serverFieldErrors(serverErrors, "search") };

  return (
    <Card size="3" aria-busy={busy}>
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h1" size="6">
            {t("heading")}
          </Heading>
          <ShortcutHelp
            shortcuts={[
              { key: LIST_KEYS.focusSearch, label: shortcut("focusSearch") },
              { key: LIST_KEYS.nextRow, label: shortcut("nextRow") },
              { key: LIST_KEYS.previousRow, label: shortcut("previousRow") },
              { key: LIST_KEYS.toggleRow, label: shortcut("toggleRow") },
            ]}
          />
        </Flex>
        <EventSearchForm search={search} serverErrors={fieldErrors} onSearch={searchFor} />
        <EventResults invalidReasons={urlProblems} />
      </Flex>
    </Card>
  );
}
