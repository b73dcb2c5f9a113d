import type { GridCode } from '../../../shared/analysis/question-grid';
import type { CellContent } from './grid-columns';

/** Characters of an answer shown in its cell; the rest is one click (or Enter) away. */
const PREVIEW = 180;

/** What a grid cell shows: the start of the answer and its first three codes, or a dash for no answer. */
export function CellPreview({ cell, codes }: { cell: CellContent; codes: Map<string, GridCode> }) {
  if (!cell) return <span className="muted">—</span>;
  return (
    <>
      <span className="qg-cell-text">
        {cell.confidence === 'similar' && (
          <span className="qg-similar" title="The question was asked in other words here">
            ≈{' '}
          </span>
        )}
        {cell.text.length > PREVIEW ? `${cell.text.slice(0, PREVIEW)}…` : cell.text}
      </span>
      {cell.codes.length > 0 && (
        <span className="qg-minichips">
          <span className="visually-hidden">Codes: </span>
          {cell.codes.slice(0, 3).map((id, i) => {
            const code = codes.get(id);
            return code ? (
              <span key={id} className="qg-minichip" style={{ ['--code' as string]: code.color }}>
                {code.name}
                {i < Math.min(3, cell.codes.length) - 1 && <span className="visually-hidden">, </span>}
              </span>
            ) : null;
          })}
          {cell.codes.length > 3 && <span className="qg-minichip-more">+{cell.codes.length - 3}</span>}
        </span>
      )}
    </>
  );
}
