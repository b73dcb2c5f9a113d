import type { GridCell, GridRow, QuestionGrid } from '../../../shared/analysis/question-grid';

/** A column of the grid: a guide question, or the participant turns that came before any question. */
export type Column =
  { kind: 'question'; index: number; label: string; text: string; note: string } | { kind: 'unmatched'; label: string; text: string; note: string };

export function columnsOf(grid: QuestionGrid): Column[] {
  const total = grid.rows.length;
  const cols: Column[] = grid.questions.map((q) => ({
    kind: 'question',
    index: q.index,
    label: `Q${q.index + 1}`,
    text: q.text,
    note: `Asked in ${q.exact + q.similar} of ${total}${q.similar > 0 ? ` (${q.similar} in other words)` : ''}`,
  }));
  if (grid.unmatched.turns > 0) {
    cols.push({
      kind: 'unmatched',
      label: 'Unmatched',
      text: 'Answers before any question',
      note: `${grid.unmatched.turns} turns in ${grid.unmatched.interviews} interviews`,
    });
  }
  return cols;
}

export type CellContent = { text: string; start_ms: number | null; codes: string[]; confidence: 'exact' | 'similar' | null } | null;

export function cellAt(row: GridRow, col: Column): CellContent {
  if (col.kind === 'unmatched') return row.unmatched ? { text: row.unmatched.text, start_ms: row.unmatched.start_ms, codes: [], confidence: null } : null;
  const c: GridCell | undefined = row.cells.find((x) => x.question_index === col.index);
  return c ? { text: c.text, start_ms: c.start_ms, codes: c.codes, confidence: c.confidence } : null;
}
