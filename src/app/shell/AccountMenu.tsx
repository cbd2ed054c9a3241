import { useTranslation } from "react-i18next";
import { AuthActor } from "../actors/AuthActor.tsx";
import { useConfirm } from "../actors/ConfirmDialogActor.tsx";
import { useSessionInfo } from "../session/useSessionInfo.ts";
import { useDisclosure } from "../ui/useDisclosure.ts";

/**
 * Company and operator of the session with the Logout button (spec section 2). Opens on hover and on
 * keyboard focus; Escape or leaving it closes it. Default names stand in until the session info loads.
 */
export function AccountMenu() {
  const { t } = useTranslation("shell");
  const info = useSessionInfo();
  const auth = AuthActor.useActorRef();
  const confirm = useConfirm();
  const { open, setOpen, buttonRef, panelId, containerProps } = useDisclosure();

  const logout = async () => {
    setOpen(false);
    if (await confirm("shell:logoutConfirm", "execute")) {
      auth.send({ type: "logout.confirmed" });
      return;
    }
    // Declined: the dialog could not give the focus back to Logout, hidden in the closed panel; it
    // goes to the account menu's button, the panel closed, as after Escape (useDisclosure).
    buttonRef.current?.focus();
    setOpen(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a pointer convenience; keyboard users open it by focusing its button
    <div
      className="account-menu"
      {...containerProps}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={(event) => {
        if (!event.currentTarget.contains(document.activeElement)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="top-bar-button"
        aria-expanded={open}
        aria-controls={panelId}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true" className="account-icon">
          ●
        </span>
        {t("accountMenu")}
      </button>
      <div id={panelId} className="account-panel" hidden={!open}>
        <dl className="account-names">
          <dt>{t("company")}</dt>
          <dd>{info?.loginOperator.companyName ?? t("defaultCompanyName")}</dd>
          <dt>{t("operator")}</dt>
          <dd>{info?.loginOperator.operatorName ?? t("defaultOperatorName")}</dd>
        </dl>
        <button type="button" className="account-logout" onClick={logout}>
          {t("logout")}
        </button>
      </div>
    </div>
  );
}
