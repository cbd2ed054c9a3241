import { Flex, Spinner, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";

/** A visible, announced "loading" state. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Flex role="status" align="center" gap="2" className="loading">
      <Spinner size="3" />
      <Text>{label ?? t("loading")}</Text>
    </Flex>
  );
}
