import { Flex, Link, Text } from "@radix-ui/themes";
import { type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../i18n/format.ts";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { CsvExportActor } from "../CsvExportActor.tsx";

/**
 * Where the CSV output stands, in a live region: accepted (008) while the job runs, the download link
 * once the file is ready, or why there is no file. The link takes the focus as it shows when the
 * focus is still where the operator asked for the file (`focusFrom`), so Enter downloads it.
 */
export function CsvExportProgress({ focusFrom }: { focusFrom: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation("eventExport");
  const { t: message } = useTranslation("messages");
  const accepted = CsvExportActor.useSelector((snapshot) => snapshot.matches("accepted"));
  const ready = CsvExportActor.useSelector((snapshot) => snapshot.matches("ready"));
  const refused = CsvExportActor.useSelector((snapshot) => snapshot.matches("refused"));
  const failed = CsvExportActor.useSelector((snapshot) => snapshot.matches("failed"));
  const { status, failure, errors } = CsvExportActor.useSelector((snapshot) => snapshot.context);
  const total = status?.rowCount;
  const link = useRef<HTMLAnchorElement>(null);
  const downloadUrl = ready ? status?.downloadUrl : undefined;

  useEffect(() => {
    if (downloadUrl && document.activeElement === focusFrom.current) link.current?.focus();
  }, [downloadUrl, focusFrom]);

  const problem =
    refused || failed
      ? failure === "jobFailed"
        ? t("jobFailed")
        : errors.map(shownErrorText).join("\n") || message("no.998")
      : null;

  return (
    <Flex direction="column" gap="2">
      <div role="status" aria-live="polite">
        {accepted ? (
          <Text as="p" size="2">
            {message("no.008")} {total === undefined ? null : t("preparing", { count: total })}
          </Text>
        ) : null}
        {ready && status ? (
          status.downloadUrl ? (
            <Flex direction="column" gap="1">
              <Text as="p" size="2" weight="medium">
                {t("ready")}
              </Text>
              <Link ref={link} href={status.downloadUrl} download={status.fileName} size="2">
                {t("download", { fileName: status.fileName })}
              </Link>
              {status.expiresAt ? (
                <Text as="p" size="1" color="gray">
                  {t("expires", { expiresAt: formatDateTime(status.expiresAt) })}
                </Text>
              ) : null}
            </Flex>
          ) : (
            <Text as="p" size="2">
              {t("expired")}
            </Text>
          )
        ) : null}
      </div>
      {problem ? (
        <Text as="p" size="2" color="red" role="alert" style={{ whiteSpace: "pre-line" }}>
          {problem}
        </Text>
      ) : null}
    </Flex>
  );
}
