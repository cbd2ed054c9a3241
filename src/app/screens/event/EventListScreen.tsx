import { Card, Flex, Heading } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { EventSearchActor, EventSearchProvider } from "../../actors/EventSearchActor.tsx";
import { EventSearchChoicesProvider } from "../../actors/EventSearchChoices.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { serverFieldErrors } from "../../ui/fieldErrors.ts";
import { EventResults } from "./EventResults.tsx";
import { EventSearchForm } from "./EventSearchForm.tsx";
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
  const { search, searchFor } = useUrlSearch();
  const busy = EventSearchActor.useSelector((snapshot) => snapshot.hasTag("busy"));
  // A refusal of the search in force names its fields as "search.<field>".
  const serverErrors = EventSearchActor.useSelector((snapshot) => snapshot.context.errors);
  const fieldErrors = serverFieldErrors(
    serverErrors.map((error) =>
      error.field ? { ...error, field: error.field.replace(/^search\./, "") } : error,
    ),
  );

  return (
    <Card size="3" aria-busy={busy}>
      <Flex direction="column" gap="4">
        <Heading as="h1" size="6">
          {t("heading")}
        </Heading>
        <EventSearchForm search={search} serverErrors={fieldErrors} onSearch={searchFor} />
        <EventResults />
      </Flex>
    </Card>
  );
}
