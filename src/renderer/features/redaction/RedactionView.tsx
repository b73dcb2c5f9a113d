import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { RedactionDecisionFilter, RedactionExampleView, RedactionKind, RedactionReviewTermView } from '../../../shared/ipc/channels/redaction';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import type { TabProps } from '../interviews/InterviewsTab';
import { formatClock } from '../viewer/active-turn';
import { MentionsDialog } from './MentionsDialog';
import { useMentions } from './review-extras-store';
import { ReviewInterviews } from './ReviewInterviews';
import { TERM_PAGE, termKey, useRedaction, type Decision } from './store';
import './redaction.css';

/** The kind chips, in the order the scan lists them. */
const KINDS: { kind: RedactionKind; label: string; one: string }[] = [
  { kind: 'participant', label: 'Participant details', one: 'Participant' },
  { kind: 'person', label: 'Other names', one: 'Name' },
  { kind: 'email', label: 'Emails', one: 'Email' },
  { kind: 'phone', label: 'Phones', one: 'Phone' },
  { kind: 'url', label: 'URLs', one: 'Link' },
  { kind: 'postcode', label: 'Postcodes', one: 'Postcode' },
  { kind: 'address', label: 'Addresses', one: 'Address' },
  { kind: 'dob', label: 'Dates of birth', one: 'Date of birth' },
  { kind: 'id', label: 'ID numbers', one: 'ID number' },
  { kind: 'handle', label: 'Social handles', one: 'Handle' },
  { kind: 'number', label: 'Numbers', one: 'Number' },
  { kind: 'custom', label: 'Your terms', one: 'Your term' },
];
const KIND = new Map(KINDS.map((k) => [k.kind, k]));
const DECISIONS: { id: RedactionDecisionFilter | undefined; label: string }[] = [
  { id: undefined, label: 'All' },
  { id: 'undecided', label: 'To review' },
  { id: 'accept', label: 'Redacted' },
  { id: 'reject', label: 'Kept' },
];
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Where a term was found: the interview (or the report), when, and the words around it with the term marked. */
function Example({ e }: { e: RedactionExampleView }) {
  const cut = (s: string) => s.length >= 60;
  return (
    <li className="rd-example">
      <span className="rd-where muted">
        {e.interview_label}
        {e.start_ms !== null && <span className="num"> · {formatClock(e.start_ms)}</span>}
      </span>
      <span className="rd-context">
        {cut(e.before) && '…'}
        {e.before}
        <mark>{e.text}</mark>
        {e.after}
        {cut(e.after) && '…'}
      </span>
    </li>
  );
}

const STATE: Record<'accept' | 'reject' | 'none', string> = {
  none: 'Not reviewed: redacted at export',
  accept: 'Redacted at export',
  reject: 'Kept as written',
};
/** What an export does with a term nobody decided on: a possible one is left as written (build-redactor.ts). */
const stateOf = (t: RedactionReviewTermView) => (t.decision === null && t.possible ? 'Possible: kept unless you redact it' : STATE[t.decision ?? 'none']);

/** Opens "Find every mention" for a term, in the study the view shows. */
function useFindMentions() {
  const key = useRedaction((s) => s.key);
  const find = useMentions((s) => s.find);
  return (text: string) => {
    if (key) void find(key, text);
  };
}

function Term({ t }: { t: RedactionReviewTermView }) {
  const decide = useRedaction((s) => s.decide);
  const saving = useRedaction((s) => Boolean(s.saving[termKey(t)]));
  const findMentions = useFindMentions();
  // Pressing the choice already made forgets it (back to "not reviewed": redacted, or for a possible term kept).
  const choose = (d: 'accept' | 'reject') => void decide(t, (t.decision === d ? null : d) satisfies Decision);
  return (
    <li className={`rd-term card rd-${t.decision ?? 'none'}${t.possible ? ' rd-possible' : ''}`} aria-label={`${KIND.get(t.kind)!.one}: ${t.text}`}>
      <div className="rd-term-head">
        <span className="rd-kind">{KIND.get(t.kind)!.one}</span>
        {t.possible && <span className="rd-possible-badge">Possible</span>}
        <strong className="rd-text">{t.text}</strong>
        <span className="rd-becomes muted">
          becomes <span className="rd-pseudonym">{t.suggested}</span>
        </span>
        <span className="rd-count muted num">
          {plural(t.count, 'time')}
          {t.interviews > 0 && ` in ${plural(t.interviews, 'interview')}`}
        </span>
      </div>
      {t.possible && t.reason && <p className="rd-reason">Unsure: {t.reason}</p>}
      <ul className="rd-examples">
        {t.examples.map((e, i) => (
          <Example key={i} e={e} />
        ))}
      </ul>
      {t.kind === 'custom' ? (
        <div className="rd-term-foot">
          <span className="rd-state">Your own term: always redacted. Remove it from your terms to keep it.</span>
          <button type="button" className="btn btn-small btn-ghost rd-find" onClick={() => findMentions(t.text)}>
            Find every mention
          </button>
        </div>
      ) : (
        <div className="rd-term-foot">
          <span className="rd-state" aria-live="polite">
            {stateOf(t)}
          </span>
          <div className="rd-actions">
            <button type="button" className="btn btn-small btn-ghost rd-find" onClick={() => findMentions(t.text)}>
              Find every mention
            </button>
            <div className="rd-choice" role="group" aria-label={`Choice for ${t.text}`}>
              <button
                type="button"
                className="btn btn-small rd-redact"
                aria-pressed={t.decision === 'accept'}
                disabled={saving}
                onClick={() => choose('accept')}
              >
                Redact
              </button>
              <button type="button" className="btn btn-small rd-keep" aria-pressed={t.decision === 'reject'} disabled={saving} onClick={() => choose('reject')}>
                Keep
              </button>
            </div>
          </div>
        </div>
      )}
    </li>
  );
}

/** "Redact all shown" / "Keep all shown": a confirmation that names how many terms and which. */
function BulkDialog({ decision, onClose }: { decision: 'accept' | 'reject'; onClose: () => void }) {
  const total = useRedaction((s) => s.meta?.total_terms ?? 0);
  const filter = useRedaction((s) => s.filter);
  const decideAll = useRedaction((s) => s.decideAll);
  // While a read is on its way the count is the last filter's: confirmed only once it is this one's.
  const loading = useRedaction((s) => s.status === 'loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const what = [
    filter.possible ? 'possible only' : null,
    filter.kind ? KIND.get(filter.kind)!.label.toLowerCase() : null,
    filter.query.trim() ? `matching “${filter.query.trim()}”` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await decideAll(decision);
      onClose();
    } catch (e) {
      setError(UiError.from(e));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={decision === 'accept' ? 'Redact all shown' : 'Keep all shown'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={busy || loading} onClick={() => void run()}>
            {decision === 'accept' ? `Redact ${plural(total, 'term')}` : `Keep ${plural(total, 'term')}`}
          </button>
        </>
      }
    >
      <p>
        {decision === 'accept'
          ? `Redact ${plural(total, 'term')}${what ? ` (${what})` : ''}, including those not loaded yet. Exports that redact will replace each of them with its pseudonym.`
          : `Keep ${plural(total, 'term')}${what ? ` (${what})` : ''} as written, including those not loaded yet. Exports that redact will leave them in.`}
      </p>
      {error && <ErrorNote error={error} />}
    </Dialog>
  );
}

/** The researcher's own terms: replaced with “[redacted]” wherever they occur. */
function OwnTerms() {
  const terms = useRedaction((s) => s.terms);
  const addTerm = useRedaction((s) => s.addTerm);
  const removeTerm = useRedaction((s) => s.removeTerm);
  const findMentions = useFindMentions();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (value.length < 2) return setError('Enter at least 2 characters: a name, a company, a place.');
    if (value.length > 200) return setError('A term is at most 200 characters.');
    setBusy(true);
    setError(null);
    try {
      await addTerm(value);
      setText('');
    } catch (err) {
      setError(UiError.from(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="rd-own card" aria-labelledby="rd-own-title">
      <h3 id="rd-own-title">Your own terms</h3>
      <p className="muted rd-own-hint">Words the scan cannot know (a company, a street, a nickname) are replaced with “[redacted]” wherever they occur.</p>
      <form className="field" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="rd-own-input">Add your own term</label>
        <div className="rd-own-row">
          <input
            id="rd-own-input"
            className="input"
            value={text}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'rd-own-error' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              // What was wrong with the last attempt no longer describes what is typed.
              setError(null);
            }}
          />
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Adding…' : 'Add'}
          </button>
        </div>
        <button type="button" className="btn btn-small btn-ghost rd-own-find" disabled={text.trim().length < 2} onClick={() => findMentions(text.trim())}>
          Find every mention first
        </button>
        {error && (
          <p id="rd-own-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {terms.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ul className="rd-own-list" aria-label="Your own terms">
          {terms.map((t) => (
            <li key={t.term}>
              <span className="rd-own-text">{t.text}</span>
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Every mention of ${t.text}`} onClick={() => findMentions(t.text)}>
                Mentions
              </button>
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${t.text}`} onClick={() => void removeTerm(t.text)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

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
          <button type="button" className="rd-chip" aria-pressed={!filter.kind} onClick={() => void setFilter({ ...filter, kind: undefined })}>
            All <span className="num">{anyKind}</span>
          </button>
          {KINDS.map((k) => (
            <button
              key={k.kind}
              type="button"
              className="rd-chip"
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
                className="rd-seg"
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
            className="rd-chip rd-possible-chip"
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
        <ol className="rd-list" aria-label="Terms found" aria-busy={status === 'loading'}>
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
