import { Flex, Heading, Spinner, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";

/**
 * A visible, announced "loading" state. With `heading` it stands in for a whole page (a lazy chunk or
 * the page's first data on its way), so its text is the page's level-one heading and axe's
 * page-has-heading-one holds while it shows.
 */
export function Loading({ label, heading = false }: { label?: string; heading?: boolean }) {
  const { t } = useTranslation();
  const text = label ?? t("loading");
  return (
    <Flex role="status" align="center" gap="2" className="loading">
      <Spinner size="3" />
      {heading ? (
        <Heading as="h1" size="3" weight="regular">
          {text}
        </Heading>
      ) : (
        <Text>{text}</Text>
      )}
    </Flex>
  );
}
