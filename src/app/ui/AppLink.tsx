import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { appUrl, followsInPlace, navigateTo } from "../navigation.ts";

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick"> & {
  /** The console path, e.g. "/EventDetail?eventId=…". */
  to: string;
};

/**
 * A link to a screen of the console: a plain click navigates in place (no page load); a click with a
 * modifier key, or the middle button, is left to the browser (new tab, new window).
 */
export function AppLink({ to, children, ...props }: AppLinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!followsInPlace(event)) return;
    event.preventDefault();
    navigateTo(to);
  };
  return (
    <a href={appUrl(to)} onClick={follow} {...props}>
      {children}
    </a>
  );
}
