import * as Dialog from "@radix-ui/react-dialog";
import { Button, Flex, Theme } from "@radix-ui/themes";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../../contract/envelope.ts";
import { CSV_DELIMITER, type CsvEncoding, type CsvExportOptions } from "../../../contract/eventExport.ts";
import { EVENT_SECTION_LABELS, EXPORT_GROUPS, type ExportGroup } from "../../../contract/eventFields.ts";
import type { EventSelection } from "../../../contract/eventSearch.ts";
import { useConfirm } from "../../actors/ConfirmDialogActor.tsx";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { useDialogFocusReturn } from "../../ui/useDialogFocusReturn.ts";
import { useLeaveSignal } from "../../ui/useLeaveSignal.ts";
import { CheckboxGroupField } from "./CheckboxGroupField.tsx";
import { CsvExportActor, CsvExportProvider } from "./CsvExportActor.tsx";
import { CsvExportProgress } from "./csvOutput/CsvExportProgress.tsx";
import { RadioGroupField } from "./csvOutput/RadioGroupField.tsx";

export interface EventCsvOutputDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: EventSelection;
  selectedCount: number;
}

/**
 * The event list's CSV output dialog (spec section 2): delimiter (comma or tab), the output item
 * groups, the character encoding, and Output through the confirmation dialog. The file is made by a
 * background job; the dialog follows it (csvExportMachine) and offers the download link when it is
 * ready, as the mail does. Closing the dialog stops following the job (the mail still comes).
 */
export function EventCsvOutputDialog({
  open,
  onOpenChange,
  selection,
  selectedCount,
}: EventCsvOutputDialogProps) {
  const { t } = useTranslation("eventExport");
  const descriptionId = useId();
  const focusReturn = useDialogFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Theme accentColor="sky" grayColor="slate">
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content
            className="dialog-content"
            aria-describedby={descriptionId}
            {...focusReturn}
            style={{ width: "min(600px, 94vw)", maxHeight: "90vh", overflowY: "auto" }}
          >
            <Dialog.Title className="dialog-title">{t("title")}</Dialog.Title>
            <Dialog.Description id={descriptionId} className="dialog-description">
              {t("selected", { count: selectedCount })}
            </Dialog.Description>
            {/* Mounted only while open: closing the dialog stops its machine and so the polling. */}
            <CsvExportProvider>
              <CsvOutputForm selection={selection} />
            </CsvExportProvider>
          </Dialog.Content>
        </Theme>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CsvOutputForm({ selection }: { selection: EventSelection }) {
  const { t, i18n } = useTranslation("eventExport");
  const { t: message } = useTranslation("messages");
  const lang: Lang = i18n.language === "en" ? "en" : "ja";
  const confirm = useConfirm();
  const leaveSignal = useLeaveSignal();
  const exporter = CsvExportActor.useActorRef();
  const busy = CsvExportActor.useSelector((snapshot) => snapshot.hasTag("busy"));
  const ids = useId();
  const [delimiter, setDelimiter] = useState<CsvExportOptions["delimiter"]>(CSV_DELIMITER.comma);
  const [groups, setGroups] = useState<ExportGroup[]>([...EXPORT_GROUPS]);
  const [encoding, setEncoding] = useState<CsvEncoding>("utf8");
  const [noGroups, setNoGroups] = useState(false);
  const outputButton = useRef<HTMLButtonElement>(null);

  const chooseGroups = (chosen: string[]) => {
    setGroups(EXPORT_GROUPS.filter((group) => chosen.includes(group)));
    setNoGroups(false);
  };

  async function output() {
    // Checked here as the server does (902), so the operator is not asked to confirm a request it refuses.
    if (groups.length === 0) {
      setNoGroups(true);
      return;
    }
    // Withdrawn if the form goes while it asks (Back runs another search, which closes the dialog).
    if (!(await confirm("eventExport:confirm", "execute", leaveSignal()))) return;
    exporter.send({ type: "export.reset" });
    exporter.send({
      type: "export.request",
      request: { selection, options: { delimiter, groups, encoding } },
    });
  }

  return (
    <Flex direction="column" gap="4" mt="3">
      <RadioGroupField
        name={`${ids}-delimiter`}
        legend={t("delimiter")}
        value={delimiter}
        options={[
          { value: CSV_DELIMITER.comma, label: t("comma") },
          { value: CSV_DELIMITER.tab, label: t("tab") },
        ]}
        onChange={(value) => setDelimiter(value as CsvExportOptions["delimiter"])}
      />
      <Flex direction="column" gap="2">
        <CheckboxGroupField
          id={`${ids}-groups`}
          legend={t("groups")}
          options={EXPORT_GROUPS.map((group) => ({ value: group, label: EVENT_SECTION_LABELS[lang][group] }))}
          selected={groups}
          onChange={chooseGroups}
          error={noGroups ? message("no.902") : undefined}
        />
        <Flex gap="2">
          <Button type="button" size="1" variant="soft" onClick={() => chooseGroups([...EXPORT_GROUPS])}>
            {t("selectAllGroups")}
          </Button>
          <Button type="button" size="1" variant="soft" color="gray" onClick={() => chooseGroups([])}>
            {t("clearGroups")}
          </Button>
        </Flex>
      </Flex>
      <RadioGroupField
        name={`${ids}-encoding`}
        legend={t("encoding")}
        value={encoding}
        options={[
          { value: "utf8", label: t("utf8") },
          { value: "cp932", label: t("cp932") },
        ]}
        onChange={(value) => setEncoding(value as CsvEncoding)}
      />
      <CsvExportProgress focusFrom={outputButton} />
      <Flex gap="3" justify="end">
        <Dialog.Close asChild>
          <Button type="button" variant="soft" color="gray">
            {t("close")}
          </Button>
        </Dialog.Close>
        {/* Focusable while the file is made, so the focus stays here after Execute (and moves on to
            the download link when it shows). */}
        <BusyButton ref={outputButton} busy={busy} onClick={() => void output()}>
          {t("output")}
        </BusyButton>
      </Flex>
    </Flex>
  );
}
