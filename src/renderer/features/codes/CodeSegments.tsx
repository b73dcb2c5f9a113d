import { useState } from 'react';
import type { CodeSegmentView, CodeView } from '../../../shared/ipc/channels/codes';
import { ErrorNote } from '../../components/ErrorNote';
import { openInterview } from '../../app/nav-store';
import { timecode } from '../../lib/timecode';
import { ExportSegmentsDialog } from './CodeDialogs';
import { openClipExport } from '../clips/store';
import { useCodes, type SegmentFilter } from './store';

const ANY = '';
/** A filter choice as an <option> value: the pair it stands for, as JSON. */
const pair = (a: string, b: string) => JSON.stringify([a, b]);
const unpair = (v: string): [string, string] | null => (v === ANY ? null : (JSON.parse(v) as [string, string]));

function Segment({ s, projectId, color }: { s: CodeSegmentView; projectId: string; color: string }) {
  const at = s.start_ms === null ? null : timecode(s.start_ms);
  return (
    <li className="cd-seg">
      <div className="cd-seg-head">
        <button
          type="button"
          className="seek-chip cd-seek num"
          aria-label={at ? `Open ${s.participant} at ${at}` : `Open ${s.participant}`}
          onClick={() => openInterview(projectId, s.interview_id, s.start_ms)}
        >
          ▶ {at ?? 'time unknown'}
        </button>
        <strong className="cd-seg-who">{s.participant}</strong>
        <span className={`cd-seg-question ${s.question ? '' : 'muted'}`} title={s.question ?? undefined}>
          {s.question ?? 'question unknown'}
        </span>
        <span className="cd-seg-coder muted">coded by {s.coder_label}</span>
      </div>
      <blockquote className="cd-seg-text" style={{ borderLeftColor: color }}>
        {s.text}
      </blockquote>
      {s.note.trim() && <p className="cd-seg-note muted">Note: {s.note}</p>}
    </li>
  );
}

/** Every segment coded with one code, filtered by participant field, screener answer or coder, a page at a time. */
export function CodeSegments({ code, projectId }: { code: CodeView; projectId: string }) {
  const seg = useCodes((s) => s.segments);
  const setFilter = useCodes((s) => s.setFilter);
  const loadMore = useCodes((s) => s.loadMore);
  const resetExport = useCodes((s) => s.resetExport);
  const [exporting, setExporting] = useState(false);
  const view = seg.codeId === code.id ? seg.view : null;
  const facets = view?.facets;
  const f = seg.filter;
  const change = (patch: Partial<SegmentFilter>, drop?: keyof SegmentFilter) => {
    const next: SegmentFilter = { ...f, ...patch };
    if (drop) delete next[drop];
    void setFilter(next);
  };
  const filtered = f.field !== undefined || f.screener !== undefined || f.coder !== undefined;
  const coderValue = f.coder === undefined ? ANY : f.coder === null ? 'me' : `c:${f.coder}`;

  if (!view && seg.status === 'error' && seg.error) return <ErrorNote error={seg.error} onRetry={() => void setFilter(f)} />;
  if (!view)
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Loading segments…
      </p>
    );
  return (
    <section className="cd-segments" aria-label={`Segments of ${code.name}`}>
      <div className="cd-filters" role="group" aria-label="Filter segments">
        <label className="cd-filter">
          <span>Participant</span>
          <select
            className="input"
            aria-label="Participant field"
            value={f.field ? pair(f.field.name, f.field.value) : ANY}
            onChange={(e) => {
              const p = unpair(e.target.value);
              change(p ? { field: { name: p[0], value: p[1] } } : {}, p ? undefined : 'field');
            }}
          >
            <option value={ANY}>Any participant</option>
            {facets?.fields.map((fd) => (
              <optgroup key={fd.name} label={fd.name}>
                {fd.values.map((v) => (
                  <option key={v} value={pair(fd.name, v)}>
                    {fd.name}: {v}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        {(facets?.screener.length ?? 0) > 0 && (
          <label className="cd-filter">
            <span>Screener</span>
            <select
              className="input"
              aria-label="Screener answer"
              value={f.screener ? pair(f.screener.id, f.screener.answer) : ANY}
              onChange={(e) => {
                const p = unpair(e.target.value);
                change(p ? { screener: { id: p[0], answer: p[1] } } : {}, p ? undefined : 'screener');
              }}
            >
              <option value={ANY}>Any answer</option>
              {facets?.screener.map((q) => (
                <optgroup key={q.id} label={q.text}>
                  {q.answers.map((a) => (
                    <option key={a} value={pair(q.id, a)}>
                      {a}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
        )}
        <label className="cd-filter">
          <span>Coder</span>
          <select
            className="input"
            aria-label="Coder"
            value={coderValue}
            onChange={(e) => {
              const v = e.target.value;
              if (v === ANY) change({}, 'coder');
              else change({ coder: v === 'me' ? null : v.slice(2) });
            }}
          >
            <option value={ANY}>Any coder</option>
            {facets?.coders.map((c) => (
              <option key={c.coder ?? 'me'} value={c.coder === null ? 'me' : `c:${c.coder}`}>
                {c.label} ({c.segments})
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => void setFilter({})}>
            Clear filters
          </button>
        )}
        <button
          type="button"
          className="btn btn-small cd-export"
          disabled={view.total === 0}
          onClick={() => {
            resetExport();
            setExporting(true);
          }}
        >
          Export segments…
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={view.total === 0}
          onClick={() => openClipExport({ selection: { kind: 'code', code_id: code.id }, title: code.name, projectId })}
        >
          Export clips…
        </button>
      </div>
      <p className="muted num" role="status" aria-live="polite">
        {seg.status === 'loading' ? 'Loading… ' : ''}
        {view.total === 0
          ? filtered
            ? 'No segments match these filters.'
            : 'No segments coded with this code yet.'
          : `${view.total} ${view.total === 1 ? 'segment' : 'segments'}${filtered ? ' match' : ''}${seg.items.length < view.total ? `, showing ${seg.items.length}` : ''}`}
      </p>
      {!view.questions_known && view.total > 0 && (
        <p className="cd-note muted">
          This study’s questions are not known here (it was not created or edited in Fieldwork), so each segment says “question unknown”.
        </p>
      )}
      {view.questions_inferred && view.total > 0 && (
        <p className="cd-note muted">
          Questions inferred from the transcripts: this study was not created or edited in Fieldwork, so its guide is worked out from what the interviewer asked
          in every interview.
        </p>
      )}
      {seg.error && <ErrorNote error={seg.error} onRetry={() => void setFilter(f)} />}
      <ol className="cd-seg-list" aria-label={`Segments coded ${code.name}`}>
        {seg.items.map((s) => (
          <Segment key={s.id} s={s} projectId={projectId} color={code.color} />
        ))}
      </ol>
      {seg.items.length < view.total && (
        <button type="button" className="btn cd-more" disabled={seg.status === 'loading'} onClick={() => void loadMore()}>
          Show {Math.min(100, view.total - seg.items.length)} more of {view.total - seg.items.length}
        </button>
      )}
      {exporting && <ExportSegmentsDialog code={code} filtered={filtered} onClose={() => setExporting(false)} />}
    </section>
  );
}
