/**
 * Radix's Table.Root scrolls a table wider than the page sideways inside a viewport of its own, which
 * a keyboard user cannot reach without a focusable cell in it (WCAG 2.1.1; axe's
 * scrollable-region-focusable). Given as the `ref` of a Table.Root (or of an element around one),
 * this puts that viewport in the tab order, as a region named by the table's caption, while the table
 * is wider than it is, so arrow keys scroll it; a table that fits adds no tab stop. (A ref callback
 * returning its cleanup, as React 19 takes it.)
 */
export function keyboardScrollable(container: HTMLElement | null): (() => void) | undefined {
  const viewport = container?.querySelector<HTMLElement>(".rt-ScrollAreaViewport");
  const table = viewport?.querySelector("table");
  if (!viewport || !table) return undefined;
  const update = () => {
    if (viewport.scrollWidth > viewport.clientWidth) {
      viewport.tabIndex = 0;
      viewport.setAttribute("role", "region");
      viewport.setAttribute("aria-label", table.caption?.textContent ?? "");
    } else {
      viewport.removeAttribute("tabindex");
      viewport.removeAttribute("role");
      viewport.removeAttribute("aria-label");
    }
  };
  const observer = new ResizeObserver(update);
  observer.observe(viewport);
  observer.observe(table);
  update();
  return () => observer.disconnect();
}
