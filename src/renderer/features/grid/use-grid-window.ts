import type { RefObject } from 'react';
import { rowWindow, useScrollViewport } from '../../lib/row-window';
import { COL_W, FIRST_W, HEAD_H, ROW_H } from './grid-size';

/**
 * The rows and columns of the grid in view (plus a few either side), both ways. The sticky header row and
 * participant column are taken off the viewport, as they cover that much of it.
 */
export function useGridWindow(ref: RefObject<HTMLElement | null>, rowCount: number, colCount: number) {
  const v = useScrollViewport(ref);
  const rowWin = rowWindow({ scrollTop: v.top, viewportHeight: Math.max(0, v.height - HEAD_H), rowHeight: ROW_H, count: rowCount, overscan: 4 });
  const colWin = rowWindow({ scrollTop: v.left, viewportHeight: Math.max(0, v.width - FIRST_W), rowHeight: COL_W, count: colCount, overscan: 1 });
  return { rowWin, colWin, viewportHeight: v.height };
}
