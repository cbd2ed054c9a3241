import { useTranslation } from "react-i18next";
import { CONTRACT_DIV, headerColour } from "../../contract/codes.ts";
import logo from "../assets/logo.svg";
import logoChecker from "../assets/logo-checker.svg";
import { AccountMenu } from "./AccountMenu.tsx";
import { FAQ_URL } from "./links.ts";
import { Menu } from "./Menu.tsx";
import { TrialDisplay } from "./TrialDisplay.tsx";
import { useContractDiv, useEnvironment } from "./useContract.ts";

/**
 * The top bar (spec section 2): logo, menu, FAQ (Japanese only), test-environment marker, trial and
 * account menu. Its colour tells the environment apart; all text on it is white, which keeps at least
 * 4.5:1 contrast on each of the three colours.
 */
export function TopBar({ signedInArea }: { signedInArea: boolean }) {
  const { t, i18n } = useTranslation("shell");
  const { t: common } = useTranslation();
  const checker = useContractDiv() === CONTRACT_DIV.checker;
  const environment = useEnvironment();
  return (
    <header className="top-bar" style={{ backgroundColor: headerColour(environment) }}>
      <img
        className="top-bar-logo"
        src={checker ? logoChecker : logo}
        alt={common(checker ? "logo.checker" : "logo.default")}
        width={200}
        height={32}
      />
      {signedInArea && <Menu />}
      <div className="top-bar-end">
        {environment === "TST" && <span className="env-marker">{t("testEnvironment")}</span>}
        {i18n.resolvedLanguage === "ja" && (
          <a className="top-bar-link" href={FAQ_URL} target="_blank" rel="noopener noreferrer">
            {t("faq")}
          </a>
        )}
        {signedInArea && <TrialDisplay />}
        {signedInArea && <AccountMenu />}
      </div>
    </header>
  );
}
