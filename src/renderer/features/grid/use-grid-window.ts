import { useLayoutEffect, useState, type RefObject } from 'react';
import { rowWindow } from '../../lib/row-window';
import { COL_W, FIRST_W, HEAD_H, ROW_H } from './grid-size';

/** Scroll offsets and viewport size of the grid's scroll container, kept current on scroll and resize. */
function useViewport(ref: RefObject<HTMLElement | null>) {
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
 * The rows and columns of the grid in view (plus a few either side), both ways. The sticky header row and
 * participant column are taken off the viewport, as they cover that much of it.
 */
export function useGridWindow(ref: RefObject<HTMLElement | null>, rowCount: number, colCount: number) {
  const v = useViewport(ref);
  const rowWin = rowWindow({ scrollTop: v.top, viewportHeight: Math.max(0, v.height - HEAD_H), rowHeight: ROW_H, count: rowCount, overscan: 4 });
  const colWin = rowWindow({ scrollTop: v.left, viewportHeight: Math.max(0, v.width - FIRST_W), rowHeight: COL_W, count: colCount, overscan: 1 });
  return { rowWin, colWin, viewportHeight: v.height };
}
