import { useEffect, useRef } from 'react';
import type { GridCode, GridRow } from '../../../shared/analysis/question-grid';
import { CellPreview } from './CellPreview';
import { GridHeader } from './GridHeader';
import { cellAt, type Column } from './grid-columns';
import { COL_W, FIRST_W, HEAD_H, ROW_H } from './grid-size';
import { useGridKeys } from './use-grid-keys';
import { useGridWindow } from './use-grid-window';

/**
 * The grid itself, windowed both ways: only the rows and columns in view (and a few either side) exist.
 * The header row and the participant column stay in place while it scrolls. One cell is tabbable at a
 * time; the arrow keys, Home/End and Page Up/Down move between cells, Enter opens one.
 */
export function GridTable({
  workspaceId,
  projectId,
  rows,
  columns,
  codes,
  onOpen,
}: {
  workspaceId: string;
  projectId: string;
  rows: GridRow[];
  columns: Column[];
  codes: Map<string, GridCode>;
  onOpen: (row: GridRow, col: Column) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const { rowWin, colWin, viewportHeight } = useGridWindow(scrollRef, rows.length, columns.length);

  // The first frame with these rows on screen, for measuring first paint against the data's arrival.
  useEffect(() => {
    const frame = requestAnimationFrame(() => performance.mark('fieldwork:grid-painted'));
    return () => cancelAnimationFrame(frame);
  }, [rows]);

  const { cur, activate, onKey } = useGridKeys({ workspaceId, projectId, rows, columns, scrollRef, gridRef, viewportHeight, onOpen });

  const width = FIRST_W + columns.length * COL_W;
  const visibleCols = columns.slice(colWin.start, colWin.end);
  // One cell is always tabbable: the active one, or (scrolled away, so not rendered) the first row's name in view.
  const activeShown = cur.row >= rowWin.start && cur.row < rowWin.end && (cur.col === 0 || (cur.col - 1 >= colWin.start && cur.col - 1 < colWin.end));
  const tabbable = (r: number, c: number) => (activeShown ? r === cur.row && c === cur.col : r === rowWin.start && c === 0);

  return (
    <div className="qg-scroll" ref={scrollRef}>
      <div
        ref={gridRef}
        role="grid"
        aria-label="Question grid"
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 1}
        className="qg-grid"
        style={{ width, height: HEAD_H + rows.length * ROW_H }}
        onKeyDown={onKey}
      >
        <GridHeader width={width} columns={visibleCols} colWin={colWin} />
        <div style={{ height: rowWin.padTop }} aria-hidden="true" />
        {rows.slice(rowWin.start, rowWin.end).map((row, k) => {
          const r = rowWin.start + k;
          return (
            <div key={row.interview_id} role="row" aria-rowindex={r + 2} className="qg-row" style={{ width, height: ROW_H }}>
              <div
                role="rowheader"
                aria-colindex={1}
                className="qg-rowhead"
                style={{ width: FIRST_W }}
                data-cell={`${r}:0`}
                tabIndex={tabbable(r, 0) ? 0 : -1}
                onFocus={() => (r !== cur.row || cur.col !== 0) && activate(r, 0)}
              >
                <span className="qg-who">{row.participant}</span>
                <span className="qg-sub muted">
                  {row.status === 'COMPLETE' ? 'Complete' : row.status.charAt(0) + row.status.slice(1).toLowerCase()}
                  {row.group !== null && ` · ${row.group}`}
                </span>
              </div>
              <div className="qg-pad" style={{ width: colWin.padTop }} aria-hidden="true" />
              {visibleCols.map((col, j) => {
                const c = colWin.start + j + 1;
                const cell = cellAt(row, col);
                return (
                  <div
                    key={col.label}
                    role="gridcell"
                    aria-colindex={c + 1}
                    className={`qg-cell ${cell ? '' : 'is-empty'} ${cell && cell.codes.length > 0 ? 'has-codes' : ''}`}
                    style={{ width: COL_W }}
                    data-cell={`${r}:${c}`}
                    tabIndex={tabbable(r, c) ? 0 : -1}
                    onFocus={() => (r !== cur.row || c !== cur.col) && activate(r, c)}
                    onClick={() => {
                      activate(r, c);
                      onOpen(row, col);
                    }}
                  >
                    <CellPreview cell={cell} codes={codes} />
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
