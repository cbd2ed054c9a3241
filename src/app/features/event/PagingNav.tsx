import { Button, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { keepFocusInGroup } from "../../ui/keepFocusInGroup.ts";
import { EventSearchActor } from "./EventSearchActor.tsx";

/**
 * Previous and next page over the keyset cursors, with the page number. The buttons follow the page
 * shown, not the call: they stay enabled (and focused) while the next page loads, a press meanwhile
 * being ignored; on the first or last page the focus moves to the other one.
 */
export function PagingNav() {
  const { t } = useTranslation("eventList");
  const list = EventSearchActor.useActorRef();
  const page = EventSearchActor.useSelector((snapshot) => snapshot.context.cursors.length);
  const canPrevious = page > 1;
  const canNext = EventSearchActor.useSelector((snapshot) => snapshot.context.page?.nextCursor != null);
  if (page === 1 && !canNext) return null;
  return (
    <nav aria-label={t("pages")} ref={keepFocusInGroup}>
      <Flex gap="3" align="center">
        <Button
          type="button"
          variant="soft"
          disabled={!canPrevious}
          onClick={() => list.send({ type: "page.previous" })}
        >
          {t("previousPage")}
        </Button>
        <Text size="2">{t("pageNumber", { page })}</Text>
        <Button
          type="button"
          variant="soft"
          disabled={!canNext}
          onClick={() => list.send({ type: "page.next" })}
        >
          {t("nextPage")}
        </Button>
      </Flex>
    </nav>
  );
}
