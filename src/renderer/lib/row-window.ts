import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export type RowWindow = {
  /** First row index to render (inclusive). */
  start: number;
  /** One past the last row index to render. */
  end: number;
  /** Space above and below the rendered rows, so the scrollbar stays true to the whole list. */
  padTop: number;
  padBottom: number;
};

/**
 * Which rows of a fixed-height list a viewport needs, plus `overscan` rows either side so a fast scroll
 * never shows a gap. Pure, so the range math is tested without a DOM.
 */
export function rowWindow(o: { scrollTop: number; viewportHeight: number; rowHeight: number; count: number; overscan: number }): RowWindow {
  const count = Math.max(0, Math.floor(o.count));
  if (count === 0 || o.rowHeight <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  const maxTop = Math.max(0, count * o.rowHeight - o.viewportHeight);
  const top = Math.min(Math.max(0, o.scrollTop), maxTop);
  const first = Math.floor(top / o.rowHeight);
  const visible = Math.ceil(Math.max(0, o.viewportHeight) / o.rowHeight) + 1;
  const start = Math.max(0, first - o.overscan);
  const end = Math.min(count, first + visible + o.overscan);
  return { start, end, padTop: start * o.rowHeight, padBottom: (count - end) * o.rowHeight };
}

/** The scrollTop that brings `index` fully into view, or null when it already is. */
export function scrollToReveal(o: { index: number; scrollTop: number; viewportHeight: number; rowHeight: number; headerHeight?: number }): number | null {
  const header = o.headerHeight ?? 0;
  const rowTop = o.index * o.rowHeight;
  const rowBottom = rowTop + o.rowHeight;
  const visibleTop = o.scrollTop;
  const visibleBottom = o.scrollTop + o.viewportHeight - header;
  if (rowTop < visibleTop) return rowTop;
  if (rowBottom > visibleBottom) return rowBottom - (o.viewportHeight - header);
  return null;
}

/** A scroll container's scroll offsets and size, kept current on scroll and on resize (a ResizeObserver). */
export function useScrollViewport(ref: RefObject<HTMLElement | null>) {
  const [v, setV] = useState({ top: 0, left: 0, width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () =>
      setV((o) =>
        o.top === el.scrollTop && o.left === el.scrollLeft && o.width === el.clientWidth && o.height === el.clientHeight
          ? o
          : { top: el.scrollTop, left: el.scrollLeft, width: el.clientWidth, height: el.clientHeight },
      );
    read();
    el.addEventListener('scroll', read, { passive: true });
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      ro.disconnect();
    };
  }, [ref]);
  return v;
}

/**
 * Tracks a scroll container and returns the window of rows to render. The container's height comes
 * from a ResizeObserver, so the window follows window resizes too.
 */
export function useRowWindow(
  ref: RefObject<HTMLElement | null>,
  o: { count: number; rowHeight: number; overscan?: number; headerHeight?: number },
): RowWindow & { scrollTo(index: number): void } {
  const view = useScrollViewport(ref);
  const header = o.headerHeight ?? 0;
  const win = rowWindow({
    scrollTop: view.top,
    viewportHeight: Math.max(0, view.height - header),
    rowHeight: o.rowHeight,
    count: o.count,
    overscan: o.overscan ?? 8,
  });
  const scrollTo = useCallback(
    (index: number) => {
      const el = ref.current;
      if (!el) return;
      const next = scrollToReveal({ index, scrollTop: el.scrollTop, viewportHeight: el.clientHeight, rowHeight: o.rowHeight, headerHeight: header });
      if (next !== null) el.scrollTop = next;
    },
    [ref, o.rowHeight, header],
  );
  return { ...win, scrollTo };
}
