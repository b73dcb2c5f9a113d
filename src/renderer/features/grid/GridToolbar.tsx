import type { QuestionGrid } from '../../../shared/analysis/question-grid';
import { useGrid, type GridSlice } from './store';

/** Group by and Show (which group), the regrouping status, and the export buttons. */
export function GridToolbar({
  workspaceId: w,
  projectId: p,
  grid,
  slice: s,
}: {
  workspaceId: string;
  projectId: string;
  grid: QuestionGrid;
  slice: GridSlice;
}) {
  const load = useGrid((st) => st.load);
  const setOnly = useGrid((st) => st.setOnly);
  const exportTo = useGrid((st) => st.exportTo);
  return (
    <div className="qg-toolbar">
      <label className="qg-field">
        <span>Group by</span>
        <select className="input" value={s.by ?? ''} onChange={(e) => void load(w, p, e.target.value || null)} disabled={grid.group_options.length === 0}>
          <option value="">No grouping</option>
          {grid.group_options.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      {/* Only once the grid built for this grouping is in: until then its groups are the old grouping's. */}
      {s.by !== null && grid.by === s.by && (
        <label className="qg-field">
          <span>Show</span>
          <select className="input" value={s.only ?? ''} onChange={(e) => setOnly(w, p, e.target.value === '' ? null : e.target.value)}>
            <option value="">Every group ({grid.rows.length})</option>
            {grid.groups.map((g) => (
              <option key={g.name} value={g.name}>
                {g.name} ({g.interviews})
              </option>
            ))}
          </select>
        </label>
      )}
      {s.loading && (
        <span className="muted" role="status">
          Regrouping…
        </span>
      )}
      <span className="qg-spacer" />
      <button type="button" className="btn btn-small" disabled={s.exporting !== null} onClick={() => void exportTo(w, p, 'csv')}>
        {s.exporting === 'csv' ? 'Exporting…' : 'Export CSV…'}
      </button>
      <button type="button" className="btn btn-small" disabled={s.exporting !== null} onClick={() => void exportTo(w, p, 'docx')}>
        {s.exporting === 'docx' ? 'Exporting…' : 'Export DOCX…'}
      </button>
    </div>
  );
}
