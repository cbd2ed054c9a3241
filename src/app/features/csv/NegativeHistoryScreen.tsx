import { Card, Flex, Heading } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AppLink } from "../../ui/AppLink.tsx";
import { type HistoryColumn, UploadHistory } from "./UploadHistory.tsx";
import { UploadHistoryProvider } from "./UploadHistoryActor.tsx";
import "./csvScreens.css";

/** Negative history row (spec section 3): trigger, upload time, finish time, count, user, status, files. */
const COLUMNS: readonly HistoryColumn[] = [
  "type",
  "uploadedAt",
  "completedAt",
  "counts",
  "operatorName",
  "status",
  "encoding",
  "uploadFile",
  "resultFile",
];

/**
 * Negative history (spec section 2): the CSV negative uploads (by event and by item) by registration
 * date range, from one month ago; each file with a Download button.
 */
export function NegativeHistoryScreen() {
  const { t } = useTranslation("csvScreens");
  usePageTitle(t("negativeHistory.heading"));
  const columns = t("history.columns", { returnObjects: true });
  const own = t("negativeHistory.columns", { returnObjects: true });
  return (
    <Card size="4">
      <Heading as="h1" size="6" mb="3">
        {t("negativeHistory.heading")}
      </Heading>
      <Flex gap="4" mb="4">
        <AppLink to="/CsvNegative">{t("negative.heading")}</AppLink>
      </Flex>
      <UploadHistoryProvider fileTypes={["CsvNegativeEvent", "CsvNegativeItem"]}>
        <UploadHistory
          columns={COLUMNS}
          texts={{
            from: t("negativeHistory.from"),
            to: t("negativeHistory.to"),
            caption: t("negativeHistory.caption"),
            columns: {
              ...columns,
              type: own.trigger,
              uploadedAt: own.uploadedAt,
              completedAt: own.completedAt,
              counts: own.count,
              operatorName: own.operatorName,
            },
          }}
        />
      </UploadHistoryProvider>
    </Card>
  );
}
