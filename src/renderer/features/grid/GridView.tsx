import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { GridCell, GridCode, GridRow, QuestionGrid } from '../../../shared/analysis/question-grid';
import { openInterview } from '../../app/nav-store';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { rowWindow, scrollToReveal } from '../../lib/row-window';
import { timecode } from '../../lib/timecode';
import type { TabProps } from '../interviews/InterviewsTab';
import { gridSlice, useGrid } from './store';
import './grid.css';

const ROW_H = 84;
const COL_W = 260;
const FIRST_W = 200;
const HEAD_H = 72;
/** Characters of an answer shown in its cell; the rest is one click (or Enter) away. */
const PREVIEW = 180;

/** A column of the grid: a guide question, or the participant turns that came before any question. */
type Column = { kind: 'question'; index: number; label: string; text: string; note: string } | { kind: 'unmatched'; label: string; text: string; note: string };

function columnsOf(grid: QuestionGrid): Column[] {
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

type CellContent = { text: string; start_ms: number | null; codes: string[]; confidence: 'exact' | 'similar' | null } | null;

function cellAt(row: GridRow, col: Column): CellContent {
  if (col.kind === 'unmatched') return row.unmatched ? { text: row.unmatched.text, start_ms: row.unmatched.start_ms, codes: [], confidence: null } : null;
  const c: GridCell | undefined = row.cells.find((x) => x.question_index === col.index);
  return c ? { text: c.text, start_ms: c.start_ms, codes: c.codes, confidence: c.confidence } : null;
}

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

/** The question × participant grid: one row per interview, one column per guide question. */
export function GridView({ workspace, project }: TabProps) {
  const w = workspace.id;
  const p = project.id;
  const s = useGrid((st) => gridSlice(st, w, p));
  const load = useGrid((st) => st.load);
  const setOnly = useGrid((st) => st.setOnly);
  const exportTo = useGrid((st) => st.exportTo);
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
      {s.exported && (
        <p className="qg-saved" role="status">
          Saved the grid to <span className="mono">{s.exported.file}</span>
        </p>
      )}
      {s.exportError && <ErrorNote error={s.exportError} />}
      {s.error && <ErrorNote error={s.error} onRetry={() => void load(w, p)} />}
      {grid.guide === 'inferred' && (
        <p className="qg-note" role="note">
          <strong>Guide inferred from the transcripts.</strong> Fieldwork does not know this study’s guide (it was not created or edited here), so the questions
          are what the interviewer asked in most interviews, in the same order; its other turns count as follow-ups.
        </p>
      )}
      {grid.unmatched.turns > 0 && (
        <p className="qg-note qg-note-quiet" role="note">
          {grid.unmatched.turns} participant {grid.unmatched.turns === 1 ? 'turn' : 'turns'} in {grid.unmatched.interviews}{' '}
          {grid.unmatched.interviews === 1 ? 'interview' : 'interviews'} came before any question: they are in the Unmatched column.
        </p>
      )}
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

/** Per group, how often each code occurs in each question's answers. */
function GroupCounts({ grid, codes, label, only }: { grid: QuestionGrid; codes: Map<string, GridCode>; label: string; only: string | null }) {
  const groups = only === null ? grid.groups : grid.groups.filter((g) => g.name === only);
  const anyCodes = groups.some((g) => g.counts.some((c) => Object.keys(c).length > 0));
  return (
    <details className="qg-counts" open>
      <summary>Codes per question by {label}</summary>
      {!anyCodes ? (
        <p className="muted">No coded answers yet. Code segments in the interview viewer to see how often each code comes up per group.</p>
      ) : (
        <div className="qg-counts-scroll">
          <table className="table qg-counts-table" aria-label={`Codes per question by ${label}`}>
            <thead>
              <tr>
                <th scope="col">{label}</th>
                {grid.questions.map((q) => (
                  <th key={q.index} scope="col" title={q.text}>
                    Q{q.index + 1}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.name}>
                  <th scope="row">
                    {g.name} <span className="muted">({g.interviews})</span>
                  </th>
                  {g.counts.map((counts, q) => (
                    <td key={q}>
                      <span className="qg-chips">
                        {Object.entries(counts)
                          .sort((a, b) => b[1] - a[1])
                          .map(([id, n]) => {
                            const c = codes.get(id);
                            return c ? <CodeChip key={id} code={c} count={n} /> : null;
                          })}
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

function CodeChip({ code, count }: { code: GridCode; count?: number }) {
  return (
    <span className="qg-chip" style={{ ['--code' as string]: code.color }}>
      <span className="qg-chip-dot" aria-hidden="true" />
      {code.name}
      {count !== undefined && <span className="qg-chip-count"> {count}</span>}
    </span>
  );
}

/**
 * The grid itself, windowed both ways: only the rows and columns in view (and a few either side) exist.
 * The header row and the participant column stay in place while it scrolls. One cell is tabbable at a
 * time; the arrow keys, Home/End and Page Up/Down move between cells, Enter opens one.
 */
function GridTable({
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
  const v = useViewport(scrollRef);
  const active = useGrid((st) => gridSlice(st, workspaceId, projectId).active);
  const setActive = useGrid((st) => st.setActive);
  const focusWanted = useRef(false);
  const rowWin = rowWindow({ scrollTop: v.top, viewportHeight: Math.max(0, v.height - HEAD_H), rowHeight: ROW_H, count: rows.length, overscan: 4 });
  const colWin = rowWindow({ scrollTop: v.left, viewportHeight: Math.max(0, v.width - FIRST_W), rowHeight: COL_W, count: columns.length, overscan: 1 });
  const cur = { row: Math.min(active.row, Math.max(0, rows.length - 1)), col: Math.min(active.col, columns.length) };

  // The first frame with these rows on screen, for measuring first paint against the data's arrival.
  useEffect(() => {
    const frame = requestAnimationFrame(() => performance.mark('fieldwork:grid-painted'));
    return () => cancelAnimationFrame(frame);
  }, [rows]);

  // After a keyboard move, the cell moved to is scrolled into view (so it exists) and then focused.
  useEffect(() => {
    if (!focusWanted.current) return;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cur.row}:${cur.col}"]`);
    if (el) {
      focusWanted.current = false;
      el.focus({ preventScroll: true });
    }
  });

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
    setActive(workspaceId, projectId, { row: r, col: c });
  };

  const pageRows = Math.max(1, Math.floor((v.height - HEAD_H) / ROW_H) - 1);
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
        <div role="row" aria-rowindex={1} className="qg-row qg-head" style={{ width, height: HEAD_H }}>
          <div role="columnheader" aria-colindex={1} className="qg-corner" style={{ width: FIRST_W }}>
            Participant
          </div>
          <div className="qg-pad" style={{ width: colWin.padTop }} aria-hidden="true" />
          {visibleCols.map((c, k) => (
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
                onFocus={() => (r !== cur.row || cur.col !== 0) && setActive(workspaceId, projectId, { row: r, col: 0 })}
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
                    onFocus={() => (r !== cur.row || c !== cur.col) && setActive(workspaceId, projectId, { row: r, col: c })}
                    onClick={() => {
                      setActive(workspaceId, projectId, { row: r, col: c });
                      onOpen(row, col);
                    }}
                  >
                    {cell ? (
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
                    ) : (
                      <span className="muted">—</span>
                    )}
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

function CellDialog({
  projectId,
  row,
  col,
  codes,
  onClose,
}: {
  projectId: string;
  row: GridRow;
  col: Column;
  codes: Map<string, GridCode>;
  onClose: () => void;
}) {
  const cell = cellAt(row, col);
  const title = `${row.participant}: ${col.label}`;
  return (
    <Dialog title={title} onClose={onClose} wide>
      <div className="qg-detail">
        <p className="qg-detail-question">{col.text}</p>
        <p className="muted qg-detail-meta">
          {[
            row.group,
            cell?.confidence === 'exact' ? 'Asked word for word' : cell?.confidence === 'similar' ? 'Asked in other words (a similar match)' : null,
            cell && cell.start_ms !== null ? `at ${timecode(cell.start_ms)}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {cell ? (
          <>
            <div className="qg-detail-text">
              {cell.text.split('\n\n').map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </div>
            {cell.codes.length > 0 && (
              <div className="qg-chips" aria-label="Codes">
                {cell.codes.map((id) => {
                  const c = codes.get(id);
                  return c ? <CodeChip key={id} code={c} /> : null;
                })}
              </div>
            )}
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => {
                onClose();
                openInterview(projectId, row.interview_id, cell.start_ms);
              }}
            >
              ▶ {cell.start_ms !== null ? `Play from ${timecode(cell.start_ms)}` : 'Open the interview'}
            </button>
          </>
        ) : (
          <p className="muted">No answer to this question in this interview.</p>
        )}
      </div>
    </Dialog>
  );
}
