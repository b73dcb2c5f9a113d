import { useEffect } from 'react';
import { participantLabel } from '../../../shared/participant-code';
import type { ReportTheme } from '../../../shared/schemas/report';
import { openInterview } from '../../app/nav-store';
import { timecode } from '../../lib/timecode';
import { keptView, themeKey, useReports, viewFor, type Located } from './store';

/** Quotes shown before "Show all": enough to get the gist, few enough to scan every theme. */
export const QUOTES_AT_FIRST = 3;

/**
 * Themes as horizontal bars, most frequent first. Strength of the accent follows frequency, so the
 * chart reads at a glance without a rainbow; the numbers are always spelled out beside each bar.
 * Which themes are open, and which show all their quotes, is kept in the store: opening an interview
 * from a quote and coming back finds the report as it was left.
 */
export function ThemeChart({
  workspaceId,
  projectId,
  reportId,
  themes,
  analysed,
}: {
  workspaceId: string;
  projectId: string;
  reportId: string | null;
  themes: ReportTheme[];
  analysed: number | null;
}) {
  const view = viewFor(
    useReports((s) => keptView(s, workspaceId, projectId)),
    reportId,
  );
  const toggleTheme = useReports((s) => s.toggleTheme);
  const sorted = themes.map((t, i) => ({ t, i })).sort((a, b) => b.t.frequency - a.t.frequency || a.i - b.i);
  const max = Math.max(0.0001, ...sorted.map((s) => s.t.frequency));
  const toggle = (i: number) => toggleTheme(workspaceId, projectId, reportId, i);
  return (
    <section className="themes" aria-labelledby="themes-title">
      <div className="themes-head">
        <h3 id="themes-title">Themes</h3>
        <p className="muted">Share of analysed interviews that touch each theme. Open one for its summary and quotes.</p>
      </div>
      {sorted.length === 0 ? (
        <p className="empty">The service found no themes in these interviews.</p>
      ) : (
        <ol className="theme-list">
          {sorted.map(({ t, i }, rank) => {
            const pct = Math.round(t.frequency * 100);
            const n = analysed != null ? Math.round(t.frequency * analysed) : null;
            // 35% to 100% of the accent, by frequency relative to the most frequent theme.
            const strength = Math.round(35 + 65 * (t.frequency / max));
            const expanded = view.open.includes(i);
            const detailId = `theme-${i}-detail`;
            return (
              <li key={i} className={`theme ${expanded ? 'is-open' : ''}`} data-rank={rank}>
                <button type="button" className="theme-row" aria-expanded={expanded} aria-controls={detailId} onClick={() => toggle(i)}>
                  <span className="theme-chevron" aria-hidden="true">
                    {expanded ? '▾' : '▸'}
                  </span>
                  <span className="theme-title">{t.title || 'Untitled theme'}</span>
                  <span className="theme-bar" aria-hidden="true">
                    <span
                      className="theme-bar-fill"
                      style={{ width: `${Math.max(pct, 1)}%`, background: `color-mix(in srgb, var(--accent) ${strength}%, transparent)` }}
                    />
                  </span>
                  <span className="theme-pct num">{pct}%</span>
                  <span className="theme-count muted num">{n != null ? `${n} of ${analysed} interviews` : ''}</span>
                </button>
                {expanded && (
                  <div className="theme-detail" id={detailId}>
                    {t.summary ? <p className="theme-summary">{t.summary}</p> : <p className="muted">No summary for this theme.</p>}
                    <Quotes
                      workspaceId={workspaceId}
                      projectId={projectId}
                      reportId={reportId}
                      theme={i}
                      title={t.title || 'Untitled theme'}
                      quotes={t.quotes}
                      reach={n}
                      showAll={view.showAll.includes(i)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

const LOCATING: Located = { state: 'locating' };

/** Named as the Interviews list names it: "Name (P07)", the code alone without a name. */
const who = (p: { name: string | null; code: string }) => participantLabel(p.code, p.name) || 'Unnamed participant';
const at = (ms: number | null) => (ms === null ? 'time unknown' : timecode(ms));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Quotes({
  workspaceId,
  projectId,
  reportId,
  theme,
  title,
  quotes,
  reach,
  showAll,
}: {
  workspaceId: string;
  projectId: string;
  reportId: string | null;
  theme: number;
  title: string;
  quotes: string[];
  /** How many interviews the report says touch the theme (null when it did not say how many it analysed). */
  reach: number | null;
  showAll: boolean;
}) {
  const locateQuotes = useReports((s) => s.locateQuotes);
  const toggleShowAll = useReports((s) => s.toggleShowAll);
  const located = useReports((s) => s.located[themeKey(workspaceId, projectId, theme)]);
  // The same quotes arrive as a new array whenever the study reloads: look them up again only when they change.
  const quotesKey = JSON.stringify(quotes);
  useEffect(() => {
    void locateQuotes(workspaceId, projectId, theme, JSON.parse(quotesKey) as string[]);
  }, [workspaceId, projectId, theme, quotesKey, locateQuotes]);
  if (quotes.length === 0) return <p className="muted">No quotes for this theme.</p>;
  const places = quotes.map((_, i) => located?.[i] ?? LOCATING);
  const shown = showAll ? quotes : quotes.slice(0, QUOTES_AT_FIRST);
  const listId = `theme-${theme}-quotes`;
  return (
    <>
      <ThemeInterviews title={title} projectId={projectId} places={places} reach={reach} />
      <ul className="quote-list" id={listId} aria-label={`Quotes: ${title}`}>
        {shown.map((q, i) => (
          <li key={i} className="quote">
            <blockquote>{q}</blockquote>
            <div className="quote-jump">
              <QuotePlace projectId={projectId} place={places[i]!} />
            </div>
          </li>
        ))}
      </ul>
      {quotes.length > QUOTES_AT_FIRST && (
        <button
          type="button"
          className="btn-link quote-more"
          aria-expanded={showAll}
          aria-controls={listId}
          onClick={() => toggleShowAll(workspaceId, projectId, reportId, theme)}
        >
          {showAll ? `Show the first ${QUOTES_AT_FIRST} quotes` : `Show all ${quotes.length} quotes`}
        </button>
      )}
    </>
  );
}

/** Who said a quote and when, as a button that opens the interview at that moment; or plainly why not. */
function QuotePlace({ projectId, place }: { projectId: string; place: Located }) {
  switch (place.state) {
    case 'locating':
      return <span className="muted">Finding who said it…</span>;
    case 'found': {
      const label = `${who({ name: place.participant_name, code: place.code })} · ${at(place.start_ms)}`;
      return (
        <button
          type="button"
          className="btn btn-small quote-play num"
          aria-label={`${label}, open the interview${place.start_ms === null ? ' (the moment is unknown, so it opens at the start)' : ''}`}
          onClick={() => openInterview(projectId, place.interview_id, place.start_ms)}
        >
          {`▶ ${label}`}
        </button>
      );
    }
    case 'missing':
      return <span className="muted">Not found in the saved transcripts, so who said it and when is unknown. A sync may bring its interview.</span>;
    case 'error':
      return <span className="muted">Could not look up who said it: {place.message}</span>;
  }
}

/**
 * The interviews behind a theme, each a link to the first moment it is quoted. The report names them
 * only through its quotes, so when fewer interviews are quoted than the theme's share implies, that is said.
 */
function ThemeInterviews({ title, projectId, places, reach }: { title: string; projectId: string; places: Located[]; reach: number | null }) {
  const first = new Map<string, { name: string | null; code: string; start_ms: number | null }>();
  for (const p of places)
    if (p.state === 'found' && !first.has(p.interview_id)) first.set(p.interview_id, { name: p.participant_name, code: p.code, start_ms: p.start_ms });
  const pending = places.filter((p) => p.state === 'locating').length;
  const unplaced = places.filter((p) => p.state === 'missing' || p.state === 'error').length;
  const interviews = [...first.entries()].sort((a, b) => who(a[1]).localeCompare(who(b[1])));
  return (
    <div className="theme-interviews">
      <h4 className="theme-interviews-title">
        {pending > 0 && interviews.length === 0 ? 'Finding the interviews quoted…' : `Quoted from ${plural(interviews.length, 'interview', 'interviews')}`}
      </h4>
      {interviews.length > 0 && (
        <ul className="theme-interview-list" aria-label={`Interviews quoted: ${title}`}>
          {interviews.map(([id, v]) => (
            <li key={id}>
              <button type="button" className="btn btn-small" onClick={() => openInterview(projectId, id, v.start_ms)}>
                {who(v)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {pending === 0 && (unplaced > 0 || (reach !== null && reach > interviews.length)) && (
        <p className="muted theme-interviews-note">
          {unplaced > 0 ? `${plural(unplaced, 'quote was', 'quotes were')} not found in the saved transcripts. ` : ''}
          {reach !== null && reach > interviews.length
            ? `The report counts ${plural(reach, 'interview', 'interviews')} for this theme; its quotes come from ${interviews.length}.`
            : ''}
        </p>
      )}
    </div>
  );
}
