import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { clearTransit } from "../../client/transit.ts";
import type { MenuItem } from "../../contract/menu.ts";
import { MenuPermissionsActor } from "../actors/MenuPermissionsActor.tsx";
import type menuLabels from "../i18n/locales/en/menu.json";
import { appUrl, followsInPlace, navigateTo } from "../navigation.ts";
import { useDisclosure } from "../ui/useDisclosure.ts";
import { useMayLeave } from "./LeaveGuard.tsx";
import { useVisibleMenu } from "./useVisibleMenu.ts";

type MenuLabel = keyof typeof menuLabels;

/**
 * The top menu (spec section 2), shown once the operator's permissions are loaded. Groups are
 * disclosure menus: a button that opens a list of links.
 */
export function Menu() {
  const { t } = useTranslation("shell");
  const ready = MenuPermissionsActor.useSelector((snapshot) => snapshot.matches("ready"));
  const items = useVisibleMenu();
  if (!ready || items.length === 0) return null;
  return (
    <nav aria-label={t("mainMenu")} className="main-menu">
      <ul className="main-menu-list">
        {items.map((item) => (
          <li key={item.menuId}>
            {item.children ? <MenuGroup group={item} /> : <MenuLeaf item={item} className="top-bar-button" />}
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MenuGroup({ group }: { group: MenuItem }) {
  const { t } = useTranslation("menu");
  const { open, setOpen, buttonRef, panelId, containerProps } = useDisclosure();
  // The new screen shows below a closed menu; the focus waits on the group's button (as after
  // Escape), not on a link that closing the panel hides.
  const closeAfterFollow = () => {
    buttonRef.current?.focus();
    setOpen(false);
  };
  return (
    <div className="menu-group" {...containerProps}>
      <button
        ref={buttonRef}
        type="button"
        className="top-bar-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {t(group.menuId as MenuLabel)}
        <span aria-hidden="true" className="caret">
          ▾
        </span>
      </button>
      <ul id={panelId} className="menu-panel" hidden={!open}>
        {group.children?.map((item) => (
          <li key={item.menuId}>
            <MenuLeaf item={item} className="menu-panel-link" onFollow={closeAfterFollow} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A leaf starts afresh: the page-transition data of the previous work is cleared (spec section 2).
 * A screen with unsaved changes is asked first (its leave guard); declined, nothing happens.
 */
function MenuLeaf({
  item,
  className,
  onFollow,
}: {
  item: MenuItem;
  className: string;
  onFollow?: () => void;
}) {
  const { t } = useTranslation("menu");
  const [location] = useLocation();
  const mayLeave = useMayLeave();
  const path = item.path ?? "/";
  const follow = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (!followsInPlace(event)) return;
    event.preventDefault();
    if (!(await mayLeave())) return;
    clearTransit();
    navigateTo(path);
    onFollow?.();
  };
  return (
    <a
      href={appUrl(path)}
      className={`menu-link ${className}`}
      aria-current={location === path ? "page" : undefined}
      onClick={follow}
    >
      {t(item.menuId as MenuLabel)}
    </a>
  );
}
