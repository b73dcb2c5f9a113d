import { useEffect, useMemo, useState } from 'react';
import type { GridRow } from '../../../shared/analysis/question-grid';
import { ErrorNote } from '../../components/ErrorNote';
import type { TabProps } from '../interviews/InterviewsTab';
import { CellDialog } from './CellDialog';
import { columnsOf, type Column } from './grid-columns';
import { GridNotes } from './GridNotes';
import { GridTable } from './GridTable';
import { GridToolbar } from './GridToolbar';
import { GroupCounts } from './GroupCounts';
import { gridSlice, useGrid } from './store';
import './grid.css';

/** The question × participant grid: one row per interview, one column per guide question. */
export function GridView({ workspace, project }: TabProps) {
  const w = workspace.id;
  const p = project.id;
  const s = useGrid((st) => gridSlice(st, w, p));
  const load = useGrid((st) => st.load);
  const attach = useGrid((st) => st.attach);
  const [open, setOpen] = useState<{ row: GridRow; col: Column } | null>(null);

  useEffect(() => {
    void load(w, p);
    return attach(w, p);
  }, [load, attach, w, p]);

  const grid = s.grid;
  const rows = useMemo(() => (grid && s.only !== null ? grid.rows.filter((r) => r.group === s.only) : (grid?.rows ?? [])), [grid, s.only]);
  const columns = useMemo(() => (grid ? columnsOf(grid) : []), [grid]);
  const codes = useMemo(() => new Map((grid?.codes ?? []).map((c) => [c.id, c])), [grid]);

  if (!grid) {
    if (s.error) return <ErrorNote error={s.error} onRetry={() => void load(w, p)} />;
    return (
      <p className="muted" role="status">
        Building the question grid…
      </p>
    );
  }
  const groupLabel = grid.group_options.find((o) => o.key === s.by)?.label ?? s.by;

  return (
    <div className="qg">
      <GridToolbar workspaceId={w} projectId={p} grid={grid} slice={s} />
      <GridNotes grid={grid} slice={s} onRetry={() => void load(w, p)} />
      {grid.questions.length === 0 || grid.rows.length === 0 ? (
        <p className="muted">
          {grid.rows.length === 0
            ? 'No interviews saved for this study yet. Sync it to fill the grid.'
            : 'No questions found: the interviews share no questions the interviewer asked in the same order.'}
        </p>
      ) : (
        <>
          {s.by !== null && grid.groups.length > 0 && <GroupCounts grid={grid} codes={codes} label={groupLabel ?? ''} only={s.only} />}
          <GridTable workspaceId={w} projectId={p} rows={rows} columns={columns} codes={codes} onOpen={(row, col) => setOpen({ row, col })} />
        </>
      )}
      {open && <CellDialog projectId={p} row={open.row} col={open.col} codes={codes} onClose={() => setOpen(null)} />}
    </div>
  );
}
