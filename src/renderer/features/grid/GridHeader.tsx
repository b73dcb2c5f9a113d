import type { RowWindow } from '../../lib/row-window';
import type { Column } from './grid-columns';
import { COL_W, FIRST_W, HEAD_H } from './grid-size';

/** The grid's header row: the participant corner, then the questions in view (a pad stands in for those scrolled past). */
export function GridHeader({ width, columns, colWin }: { width: number; columns: Column[]; colWin: RowWindow }) {
  return (
    <div role="row" aria-rowindex={1} className="qg-row qg-head" style={{ width, height: HEAD_H }}>
      <div role="columnheader" aria-colindex={1} className="qg-corner" style={{ width: FIRST_W }}>
        Participant
      </div>
      <div className="qg-pad" style={{ width: colWin.padTop }} aria-hidden="true" />
      {columns.map((c, k) => (
        <div
          key={c.label}
          role="columnheader"
          aria-colindex={colWin.start + k + 2}
          className={`qg-colhead ${c.kind === 'unmatched' ? 'is-unmatched' : ''}`}
          style={{ width: COL_W }}
          title={c.text}
        >
          <span className="qg-colhead-label">
            {c.label} <span className="qg-colhead-note">{c.note}</span>
          </span>
          <span className="qg-colhead-text">{c.text}</span>
        </div>
      ))}
    </div>
  );
}
