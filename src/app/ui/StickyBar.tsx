import { type ReactNode, useEffect, useRef } from "react";

/**
 * Keeps its content (a screen's navigation and actions) in view at the top of the window while a
 * long page scrolls. The page's scroll padding follows the bar's height, so a control reached by
 * keyboard is scrolled into view below the bar, never beneath it (WCAG 2.4.11). On a short window it
 * scrolls with the page (styles.css). Its ancestors must not clip by scrolling (a Radix Card:
 * `overflow: clip`, see .sticky-bar-host).
 */
export function StickyBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty("--sticky-bar-height", `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--sticky-bar-height");
    };
  }, []);
  return (
    <div ref={bar} className="sticky-bar">
      {children}
    </div>
  );
}
