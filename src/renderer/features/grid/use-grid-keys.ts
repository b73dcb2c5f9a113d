import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { GridRow } from '../../../shared/analysis/question-grid';
import { scrollToReveal } from '../../lib/row-window';
import type { Column } from './grid-columns';
import { COL_W, FIRST_W, HEAD_H, ROW_H } from './grid-size';
import { gridSlice, useGrid } from './store';

/**
 * Keyboard navigation of the grid (one tabbable cell, roving focus): the arrow keys, Home/End (with Ctrl,
 * the grid's corners) and Page Up/Down move the active cell, Enter or Space opens it. Column 0 is the
 * participant; column c > 0 is `columns[c - 1]`. The active cell lives in the store, so it survives a
 * switch of tabs.
 */
export function useGridKeys(o: {
  workspaceId: string;
  projectId: string;
  rows: GridRow[];
  columns: Column[];
  scrollRef: RefObject<HTMLDivElement | null>;
  gridRef: RefObject<HTMLDivElement | null>;
  viewportHeight: number;
  onOpen: (row: GridRow, col: Column) => void;
}) {
  const { workspaceId, projectId, rows, columns, scrollRef, gridRef, onOpen } = o;
  const active = useGrid((st) => gridSlice(st, workspaceId, projectId).active);
  const setActive = useGrid((st) => st.setActive);
  const focusWanted = useRef(false);
  // The stored cell may lie past the grid's end after a rebuild (a sync can bring fewer rows or questions).
  const cur = { row: Math.min(active.row, Math.max(0, rows.length - 1)), col: Math.min(active.col, columns.length) };

  // After a keyboard move, the cell moved to is scrolled into view (so it exists) and then focused.
  useEffect(() => {
    if (!focusWanted.current) return;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cur.row}:${cur.col}"]`);
    if (el) {
      focusWanted.current = false;
      el.focus({ preventScroll: true });
    }
  });

  const activate = (row: number, col: number) => setActive(workspaceId, projectId, { row, col });

  const move = (row: number, col: number) => {
    const r = Math.max(0, Math.min(rows.length - 1, row));
    const c = Math.max(0, Math.min(columns.length, col));
    const el = scrollRef.current;
    if (el) {
      const top = scrollToReveal({ index: r, scrollTop: el.scrollTop, viewportHeight: el.clientHeight, rowHeight: ROW_H, headerHeight: HEAD_H });
      if (top !== null) el.scrollTop = top;
      if (c > 0) {
        const left = scrollToReveal({ index: c - 1, scrollTop: el.scrollLeft, viewportHeight: el.clientWidth, rowHeight: COL_W, headerHeight: FIRST_W });
        if (left !== null) el.scrollLeft = left;
      }
    }
    focusWanted.current = true;
    activate(r, c);
  };

  const pageRows = Math.max(1, Math.floor((o.viewportHeight - HEAD_H) / ROW_H) - 1);
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to: Record<string, [number, number]> = {
      ArrowDown: [cur.row + 1, cur.col],
      ArrowUp: [cur.row - 1, cur.col],
      ArrowRight: [cur.row, cur.col + 1],
      ArrowLeft: [cur.row, cur.col - 1],
      PageDown: [cur.row + pageRows, cur.col],
      PageUp: [cur.row - pageRows, cur.col],
      Home: e.ctrlKey ? [0, 0] : [cur.row, 0],
      End: e.ctrlKey ? [rows.length - 1, columns.length] : [cur.row, columns.length],
    };
    const target = to[e.key];
    if (target) {
      e.preventDefault();
      move(target[0], target[1]);
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && cur.col > 0) {
      e.preventDefault();
      const row = rows[cur.row];
      if (row) onOpen(row, columns[cur.col - 1]!);
    }
  };

  return { cur, activate, onKey };
}
