import { elementScroll, type Rect, type Virtualizer } from "@tanstack/react-virtual";

/**
 * The virtualiser's scroll box, kept out of React's commit. As a table mounts, the library reads the
 * box's clientWidth and clientHeight and scrolls it to where it already is (0): each makes the browser
 * lay out the whole screen in the middle of the commit, only to lay it out again once the commit has
 * ended (most of a search's script time). Here the size comes from the ResizeObserver alone, whose
 * first observation arrives after the browser's own layout (until then the virtualiser works with its
 * `initialRect`), and the first scroll of a box is skipped when it is to the top, where a new box is.
 */
type TableVirtualizer = Virtualizer<HTMLDivElement, Element>;

export function observeScrollRect(
  instance: TableVirtualizer,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const targetWindow = instance.targetWindow;
  if (!element || !targetWindow?.ResizeObserver) return undefined;
  // Read as the library reads it; inside the observer's callback the layout is already done.
  const observer = new targetWindow.ResizeObserver(() =>
    cb({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element, { box: "content-box" });
  return () => observer.disconnect();
}

/** Boxes the virtualiser has scrolled at least once. */
const scrolledOnce = new WeakSet<Element>();

export function scrollUnlessNew(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: TableVirtualizer,
): void {
  const element = instance.scrollElement;
  if (element && !scrolledOnce.has(element)) {
    scrolledOnce.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}
