import { Badge } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";

/** Beside a manual screening deadline that has passed without a manual result (isOverdue). */
export function OverdueMark() {
  const { t } = useTranslation("common");
  return (
    <Badge color="red" variant="soft" ml="2">
      {t("overdue")}
    </Badge>
  );
}
