import { VisuallyHidden } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CONTRACT_DIV, headerColour } from "../../contract/codes.ts";
// Served as image files, not inlined into the script every page loads first (bench (a)).
import logo from "../assets/logo.svg?no-inline";
import logoChecker from "../assets/logo-checker.svg?no-inline";
import { pageSettings } from "../pageSettings.ts";
import { useContractDiv, useEnvironment } from "./useContract.ts";

/**
 * The top bar (spec section 2): logo, menu, FAQ (Japanese only, when the server names one),
 * test-environment marker, trial and account menu. Its colour tells the environment apart; all text
 * on it is white, which keeps at least 4.5:1 contrast on each of the three colours. The signed-in parts
 * (`menu`, and `signedInEnd` for trial and account) come from the protected shell's lazy chunk, so the
 * public pages do not load them.
 */
export function TopBar({ menu, signedInEnd }: { menu?: ReactNode; signedInEnd?: ReactNode }) {
  const { t, i18n } = useTranslation("shell");
  const { t: common } = useTranslation();
  const checker = useContractDiv() === CONTRACT_DIV.checker;
  const environment = useEnvironment();
  const { faqUrl } = pageSettings();
  return (
    <header className="top-bar" style={{ backgroundColor: headerColour(environment) }}>
      <img
        className="top-bar-logo"
        src={checker ? logoChecker : logo}
        alt={common(checker ? "logo.checker" : "logo.default")}
        width={200}
        height={32}
      />
      {menu}
      <div className="top-bar-end">
        {environment === "TST" && <span className="env-marker">{t("testEnvironment")}</span>}
        {faqUrl !== null && i18n.resolvedLanguage === "ja" && (
          <a className="top-bar-link" href={faqUrl} target="_blank" rel="noopener noreferrer">
            {t("faq")}
            <NewTabIcon />
            <VisuallyHidden>{t("opensInNewTab")}</VisuallyHidden>
          </a>
        )}
        {signedInEnd}
      </div>
    </header>
  );
}

/** The usual "opens elsewhere" mark (a box with an arrow out of it); the link's text says it in words. */
function NewTabIcon() {
  return (
    <svg
      className="top-bar-link-icon"
      viewBox="0 0 12 12"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 2H2v8h8V7M7 1h4v4M11 1 5.5 6.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
    </svg>
  );
}
