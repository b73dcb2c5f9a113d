import type { GridCode } from '../../../shared/analysis/question-grid';

/** A code by name in its colour, with how often it occurs when that is the point (the counts table). */
export function CodeChip({ code, count }: { code: GridCode; count?: number }) {
  return (
    <span className="qg-chip" style={{ ['--code' as string]: code.color }}>
      <span className="qg-chip-dot" aria-hidden="true" />
      {code.name}
      {count !== undefined && <span className="qg-chip-count"> {count}</span>}
    </span>
  );
}
