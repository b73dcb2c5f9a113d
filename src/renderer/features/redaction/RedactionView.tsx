import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorNote } from '../../components/ErrorNote';
import type { TabProps } from '../interviews/InterviewsTab';
import { BulkDialog } from './BulkDialog';
import { MentionsDialog } from './MentionsDialog';
import { OwnTerms } from './OwnTerms';
import { DECISIONS, KINDS, plural } from './redaction-labels';
import { ReviewInterviews } from './ReviewInterviews';
import { TERM_PAGE, termKey, useRedaction } from './store';
import { Term } from './Term';
import './redaction.css';

/** The study's personal data as the scan found it, term by term, with the researcher's choice for each. */
export function RedactionView({ workspace, project }: TabProps) {
  const open = useRedaction((s) => s.open);
  const status = useRedaction((s) => s.status);
  const meta = useRedaction((s) => s.meta);
  const items = useRedaction((s) => s.items);
  const filter = useRedaction((s) => s.filter);
  const error = useRedaction((s) => s.error);
  const scanning = useRedaction((s) => s.scanning);
  const setFilter = useRedaction((s) => s.setFilter);
  const loadMore = useRedaction((s) => s.loadMore);
  const [query, setQuery] = useState(filter.query);
  const [bulk, setBulk] = useState<'accept' | 'reject' | null>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reviewKey = useMemo(() => ({ workspaceId: workspace.id, projectId: project.id }), [workspace.id, project.id]);
  useEffect(() => {
    void open({ workspaceId: workspace.id, projectId: project.id });
  }, [open, workspace.id, project.id]);
  useEffect(() => () => clearTimeout(typing.current ?? undefined), []);

  const busyLine = `Scanning ${scanning === null ? 'the study’s interviews' : plural(scanning, 'interview')} for personal data…`;
  if (!meta) {
    if (status === 'error' && error) return <ErrorNote error={error} onRetry={() => void useRedaction.getState().reload()} />;
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> {busyLine}
      </p>
    );
  }
  const onQuery = (q: string) => {
    setQuery(q);
    clearTimeout(typing.current ?? undefined);
    // The filter as it is when the pause ends: a chip pressed meanwhile is not undone.
    typing.current = setTimeout(() => void setFilter({ ...useRedaction.getState().filter, query: q }), 250);
  };
  const filtered = Boolean(filter.kind || filter.decision || filter.query.trim() || filter.possible);
  const anyKind = KINDS.reduce((s, k) => s + meta.counts_by_kind[k.kind], 0);
  return (
    <div className="rd-view">
      <div className="rd-main">
        <header className="rd-head">
          <h2 className="rd-title">Redaction</h2>
          <p className="rd-summary">
            {meta.all_terms === 0 ? (
              `Nothing personal found in ${plural(meta.interviews, 'interview')}.`
            ) : (
              <>
                <strong className="num">{plural(meta.all_terms, 'term')}</strong> found across{' '}
                <strong className="num">{plural(meta.interviews_with_findings, 'interview')}</strong>
                <span className="muted"> (of {meta.interviews.toLocaleString()} scanned)</span>.
              </>
            )}
          </p>
          <p className="muted rd-explain">
            Exports with “Redact names and personal data” use these choices; the mapping stays on this laptop, encrypted. Everything found is redacted unless
            you keep it, except what the scan marks possible: that is kept as written unless you redact it.
          </p>
          {meta.warning && (
            <p className="rd-warning" role="status">
              {meta.warning}
            </p>
          )}
        </header>
        <div className="rd-kinds" role="group" aria-label="Kind">
          <button type="button" className="toggle-chip rd-chip" aria-pressed={!filter.kind} onClick={() => void setFilter({ ...filter, kind: undefined })}>
            All <span className="num">{anyKind}</span>
          </button>
          {KINDS.map((k) => (
            <button
              key={k.kind}
              type="button"
              className="toggle-chip rd-chip"
              aria-pressed={filter.kind === k.kind}
              disabled={meta.counts_by_kind[k.kind] === 0 && filter.kind !== k.kind}
              onClick={() => void setFilter({ ...filter, kind: filter.kind === k.kind ? undefined : k.kind })}
            >
              {k.label} <span className="num">{meta.counts_by_kind[k.kind]}</span>
            </button>
          ))}
        </div>
        <div className="rd-tools">
          <div className="rd-decisions" role="group" aria-label="Decision">
            {DECISIONS.map((d) => (
              <button
                key={d.label}
                type="button"
                className="toggle-chip rd-seg"
                aria-pressed={filter.decision === d.id}
                onClick={() => void setFilter({ ...filter, decision: d.id })}
              >
                {d.label}
                {d.id && <span className="num"> {meta.counts_by_decision[d.id]}</span>}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="toggle-chip rd-chip rd-possible-chip"
            aria-pressed={Boolean(filter.possible)}
            disabled={meta.possible_terms === 0 && !filter.possible}
            onClick={() => void setFilter({ ...filter, possible: !filter.possible })}
          >
            Possible <span className="num">{meta.possible_terms}</span>
          </button>
          <input
            className="input rd-query"
            type="search"
            aria-label="Filter terms"
            placeholder="Filter terms"
            value={query}
            maxLength={200}
            onChange={(e) => onQuery(e.target.value)}
          />
          <div className="rd-bulk">
            <button type="button" className="btn btn-small" disabled={meta.total_terms === 0} onClick={() => setBulk('accept')}>
              Redact all shown
            </button>
            <button type="button" className="btn btn-small" disabled={meta.total_terms === 0} onClick={() => setBulk('reject')}>
              Keep all shown
            </button>
          </div>
        </div>
        <p className="muted num rd-status" role="status" aria-live="polite">
          {status === 'loading' ? 'Updating… ' : ''}
          {meta.total_terms === 0
            ? filtered
              ? 'No terms match these filters.'
              : ''
            : `${plural(meta.total_terms, 'term')}${filtered ? ' match' : ''}${filter.query.trim() ? ` “${filter.query.trim()}”` : ''}${items.length < meta.total_terms ? `, showing ${items.length}` : ''}`}
        </p>
        {filter.possible && (
          <p className="muted rd-possible-hint">
            What the scan is unsure of, most at risk first (names and ID numbers before other kinds; more interviews, then more mentions, first). Each is left
            as written unless you redact it.
          </p>
        )}
        {error && <ErrorNote error={error} onRetry={() => void useRedaction.getState().reload()} />}
        <ol className="plain-list rd-list" aria-label="Terms found" aria-busy={status === 'loading'}>
          {items.map((t) => (
            <Term key={termKey(t)} t={t} />
          ))}
        </ol>
        {items.length < meta.total_terms && (
          <button type="button" className="btn rd-more" disabled={status === 'loading'} onClick={() => void loadMore()}>
            Show {Math.min(TERM_PAGE, meta.total_terms - items.length)} more of {meta.total_terms - items.length}
          </button>
        )}
      </div>
      <aside className="rd-side">
        <OwnTerms />
        <ReviewInterviews reviewKey={reviewKey} />
      </aside>
      {bulk && <BulkDialog decision={bulk} onClose={() => setBulk(null)} />}
      <MentionsDialog />
    </div>
  );
}
