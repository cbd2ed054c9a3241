import { Button, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { EventSearchActor } from "../../actors/EventSearchActor.tsx";

/** Previous and next page over the keyset cursors, with the page number. */
export function PagingNav() {
  const { t } = useTranslation("eventList");
  const list = EventSearchActor.useActorRef();
  const page = EventSearchActor.useSelector((snapshot) => snapshot.context.cursors.length);
  const canPrevious = EventSearchActor.useSelector((snapshot) => snapshot.can({ type: "page.previous" }));
  const canNext = EventSearchActor.useSelector((snapshot) => snapshot.can({ type: "page.next" }));
  if (page === 1 && !canNext) return null;
  return (
    <nav aria-label={t("pages")}>
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
