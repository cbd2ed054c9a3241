import { Card, Flex, Heading } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AppLink } from "../../ui/AppLink.tsx";
import { type HistoryColumn, UploadHistory } from "./UploadHistory.tsx";
import { UploadHistoryProvider } from "./UploadHistoryActor.tsx";
import "./csvScreens.css";

const COLUMNS: readonly HistoryColumn[] = [
  "no",
  "type",
  "uploadedAt",
  "completedAt",
  "operatorName",
  "status",
  "encoding",
  "counts",
  "uploadFile",
  "resultFile",
];

/**
 * CSV screening/update history (spec sections 2 and 3), the menu's "CSV Detection/Update": the CSV
 * screening and CSV update jobs by request date range (from one month ago), running ones updating
 * without a reload, each file with a Download button; links to the three upload screens.
 */
export function CsvAuthoriHistoryScreen() {
  const { t } = useTranslation("csvScreens");
  usePageTitle(t("history.heading"));
  return (
    <Card size="4">
      <Heading as="h1" size="6" mb="3">
        {t("history.heading")}
      </Heading>
      <nav aria-label={t("panel.otherScreens")}>
        <Flex gap="4" mb="4" wrap="wrap">
          <AppLink to="/CsvAuthori">{t("authori.heading")}</AppLink>
          <AppLink to="/CsvUpdate">{t("update.heading")}</AppLink>
          <AppLink to="/CsvNegative">{t("negative.heading")}</AppLink>
        </Flex>
      </nav>
      <UploadHistoryProvider fileTypes={["CsvAuthori", "CsvUpdate"]}>
        <UploadHistory
          columns={COLUMNS}
          texts={{
            from: t("history.from"),
            to: t("history.to"),
            caption: t("history.caption"),
            columns: t("history.columns", { returnObjects: true }),
          }}
        />
      </UploadHistoryProvider>
    </Card>
  );
}
