import { Button, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import {
  EXCLUDED_SELECTION_LIMIT_REFUSAL,
  HAND_SELECTION_LIMIT_REFUSAL,
} from "../../../../machines/event/eventSearchMachine.ts";
import { isExportable } from "../../../../machines/event/eventSelection.ts";
import { PERMISSION } from "../../../contract/codes.ts";
import { ERROR } from "../../../contract/errors.ts";
import { EVENT_ID_SELECTION_LIMIT } from "../../../contract/eventSearch.ts";
import { MenuPermissionsActor } from "../../actors/MenuPermissionsActor.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { keepFocusInGroup } from "../../ui/keepFocusInGroup.ts";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { EventSearchActor } from "./EventSearchActor.tsx";
import { useEventSelectionView } from "./useEventListView.ts";

/**
 * The selection's count and what can be done with it: select the page, select all search results
 * (up to 150,000, by the server's count), deselect all, CSV output (one screening model, not empty;
 * offered only to operators who may read its dialog's screen ID, EventDialogCsvDownload).
 * Ticking by hand stops at the 20,000 IDs one CSV call carries (the message points to select all),
 * and so does unticking from all search results (the call lists the unticked IDs).
 */
export function SelectionBar() {
  const { t, i18n } = useTranslation("eventList");
  const { t: message } = useTranslation("messages");
  const list = EventSearchActor.useActorRef();
  const { count, browsing, selectingAll, canClear, refusals } = useEventSelectionView();
  // From the selection, not the state: the button stays enabled under its open dialog, so the dialog
  // gives the focus back to it on closing.
  const canExport = EventSearchActor.useSelector((snapshot) => isExportable(snapshot.context.selection));
  // Asked at sign-in with the menu's permissions (CONTROL_SCREEN_IDS).
  const csvOffered = MenuPermissionsActor.useSelector((snapshot) => {
    const permission = snapshot.context.permissions.EventDialogCsvDownload;
    return permission === PERMISSION.writable || permission === PERMISSION.readable;
  });

  return (
    <Flex direction="column" gap="2" ref={keepFocusInGroup}>
      <Flex gap="3" align="center" wrap="wrap">
        <Text size="2" weight="medium" role="status">
          {t("selectedCount", { count })}
        </Text>
        <Button
          type="button"
          variant="soft"
          disabled={!browsing}
          onClick={() => list.send({ type: "page.select" })}
        >
          {t("selectPage")}
        </Button>
        <Button
          type="button"
          variant="soft"
          // Enabled while it runs (a press then is ignored), so it keeps the focus.
          disabled={!(browsing || selectingAll)}
          loading={selectingAll}
          onClick={() => list.send({ type: "all.select" })}
        >
          {t("selectAll")}
        </Button>
        <Button
          type="button"
          variant="soft"
          color="gray"
          disabled={!canClear}
          onClick={() => list.send({ type: "selection.clear" })}
        >
          {t("deselectAll")}
        </Button>
        {csvOffered ? (
          <Button type="button" disabled={!canExport} onClick={() => list.send({ type: "export.open" })}>
            {t("csvOutput")}
          </Button>
        ) : null}
      </Flex>
      {refusals.length > 0 ? (
        <FormMessage tone="error">
          {refusals
            .map((error) => {
              if (error.code === ERROR.multipleModels && error.message === "") {
                return message("error.multipleModels");
              }
              if (error.field === HAND_SELECTION_LIMIT_REFUSAL.field && error.message === "") {
                return t("handSelectionLimit", {
                  max: EVENT_ID_SELECTION_LIMIT.toLocaleString(i18n.language),
                });
              }
              if (error.field === EXCLUDED_SELECTION_LIMIT_REFUSAL.field && error.message === "") {
                return t("excludedSelectionLimit", {
                  max: EVENT_ID_SELECTION_LIMIT.toLocaleString(i18n.language),
                });
              }
              // The server's refusal, or 697 for a call that failed outright (the network).
              return shownErrorText(error);
            })
            .join("\n")}
        </FormMessage>
      ) : null}
    </Flex>
  );
}
