import { useEffect, useState } from 'react';
import type { ReportTheme } from '../../../shared/schemas/report';
import { openInterview } from '../../app/nav-store';
import { timecode } from '../../lib/timecode';
import { themeKey, useReports, type Located } from './store';

/**
 * Themes as horizontal bars, most frequent first. Strength of the accent follows frequency, so the
 * chart reads at a glance without a rainbow; the numbers are always spelled out beside each bar.
 */
export function ThemeChart({
  workspaceId,
  projectId,
  themes,
  analysed,
}: {
  workspaceId: string;
  projectId: string;
  themes: ReportTheme[];
  analysed: number | null;
}) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const sorted = themes.map((t, i) => ({ t, i })).sort((a, b) => b.t.frequency - a.t.frequency || a.i - b.i);
  const max = Math.max(0.0001, ...sorted.map((s) => s.t.frequency));
  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
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
            const expanded = open.has(i);
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
                    <Quotes workspaceId={workspaceId} projectId={projectId} theme={i} quotes={t.quotes} />
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

function Quotes({ workspaceId, projectId, theme, quotes }: { workspaceId: string; projectId: string; theme: number; quotes: string[] }) {
  const locateQuotes = useReports((s) => s.locateQuotes);
  const forgetQuotes = useReports((s) => s.forgetQuotes);
  const located = useReports((s) => s.located[themeKey(workspaceId, projectId, theme)]);
  // The same quotes arrive as a new array whenever the study reloads: look them up again only when they change.
  const quotesKey = JSON.stringify(quotes);
  useEffect(() => {
    void locateQuotes(workspaceId, projectId, theme, JSON.parse(quotesKey) as string[]);
  }, [workspaceId, projectId, theme, quotesKey, locateQuotes]);
  // Closing the theme forgets the lookups, so opening it again starts from "Finding…" as the first time.
  useEffect(() => () => forgetQuotes(workspaceId, projectId, theme), [workspaceId, projectId, theme, forgetQuotes]);
  if (quotes.length === 0) return <p className="muted">No quotes for this theme.</p>;
  return (
    <ul className="quote-list" aria-label="Quotes">
      {quotes.map((q, i) => {
        const l = located?.[i] ?? LOCATING;
        return (
          <li key={i} className="quote">
            <blockquote>{q}</blockquote>
            <div className="quote-jump">
              {l.state === 'locating' && <span className="muted">Finding…</span>}
              {l.state === 'found' && (
                <button
                  type="button"
                  className="btn btn-small quote-play num"
                  aria-label={l.start_ms === null ? 'Open the interview (time unknown)' : `Open the interview at ${timecode(l.start_ms)}`}
                  onClick={() => openInterview(projectId, l.interview_id, l.start_ms)}
                >
                  ▶ {l.start_ms === null ? 'time unknown' : timecode(l.start_ms)}
                </button>
              )}
              {l.state === 'missing' && <span className="muted">not found in saved transcripts</span>}
              {l.state === 'error' && <span className="muted">could not be looked up</span>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
