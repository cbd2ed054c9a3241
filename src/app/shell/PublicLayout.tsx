import type { ReactNode } from "react";
import { BusyOverlay } from "./BusyOverlay.tsx";
import { TopBar } from "./TopBar.tsx";

/** Public pages: the top bar without menu or account, and the page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <TopBar />
      <main className="page page-narrow">
        {children}
        <BusyOverlay />
      </main>
    </>
  );
}
