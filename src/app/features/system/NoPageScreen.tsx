import { Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { PUBLIC_PATHS } from "../../../contract/screens.ts";
import { appUrl } from "../../navigation.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";

/** Page not found (spec section 2): where every unknown path leads. */
export function NoPageScreen() {
  const { t } = useTranslation("system");
  usePageTitle(t("noPageHeading"));
  return (
    <Card size="4" className="form-card">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="6">
          {t("noPageHeading")}
        </Heading>
        <Text as="p">{t("noPageText")}</Text>
        <Link href={appUrl(PUBLIC_PATHS.login)}>{t("toLogin")}</Link>
      </Flex>
    </Card>
  );
}
