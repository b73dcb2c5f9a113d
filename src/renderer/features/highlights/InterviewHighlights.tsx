import { useMemo, useState } from 'react';
import { coderLabel } from '../../../shared/analysis/codebook';
import { participantLabel } from '../../../shared/participant-code';
import type { InterviewDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { useResearcherName } from '../settings/store';
import { HighlightCard } from './HighlightCard';
import { interviewKey, useHighlightList } from './store';
import './highlights.css';

/**
 * The highlights (codings) of one interview, under the player: codes, coder and when, note, copy quote with
 * timestamp, jump. When more than one coder coded it (imported, the AI report), they can be filtered by coder.
 */
export function InterviewHighlights({
  workspace,
  interview,
  onSeek,
}: {
  workspace: WorkspaceSummary;
  interview: InterviewDetail;
  onSeek: (ms: number) => void;
}) {
  const list = useHighlightList(interviewKey(workspace.id, interview.id), { workspace_id: workspace.id, interview_id: interview.id });
  const suggestions = useMemo(() => [...new Set(list.items.flatMap((h) => h.codes.map((c) => c.name)))], [list.items]);
  // As the viewer's title names it, so a quote copied here says the same as one copied from the study's Highlights.
  const participant = participantLabel(interview.code, interview.participant?.name ?? interview.participant_name) || null;
  const researcherName = useResearcherName();
  // '' for everyone; 'me' for the researcher's own (coder null); else a coder's name.
  const [coder, setCoder] = useState('');
  const coders = useMemo(() => {
    const m = new Map<string, number>();
    for (const h of list.items) m.set(h.coder ?? 'me', (m.get(h.coder ?? 'me') ?? 0) + 1);
    return [...m.entries()].sort((a, b) => (a[0] === 'me' ? -1 : b[0] === 'me' ? 1 : a[0].localeCompare(b[0])));
  }, [list.items]);
  const active = coders.some(([c]) => c === coder) ? coder : '';
  const shown = active ? list.items.filter((h) => (h.coder ?? 'me') === active) : list.items;
  return (
    <section className="hl-section" aria-labelledby={`hl-title-${interview.id}`}>
      <h3 id={`hl-title-${interview.id}`} className="hl-title">
        Highlights <span className="muted num">{list.status === 'ready' ? list.items.length : ''}</span>
      </h3>
      {list.status === 'loading' && list.items.length === 0 ? (
        <p className="muted" role="status">
          Loading highlights…
        </p>
      ) : list.status === 'error' && list.error ? (
        <ErrorNote error={list.error} />
      ) : list.items.length === 0 ? (
        <p className="muted hl-empty">No codings yet. Select words in the transcript and press C to code them.</p>
      ) : (
        <>
          {coders.length > 1 && (
            <div className="hl-filter" role="group" aria-label="Filter codings by coder">
              <button type="button" className="toggle-chip hl-filter-chip" aria-pressed={active === ''} onClick={() => setCoder('')}>
                All coders <span className="num muted">{list.items.length}</span>
              </button>
              {coders.map(([c, n]) => (
                <button
                  key={c}
                  type="button"
                  className="toggle-chip hl-filter-chip"
                  aria-pressed={active === c}
                  onClick={() => setCoder(active === c ? '' : c)}
                >
                  {coderLabel(c === 'me' ? null : c, researcherName)} <span className="num muted">{n}</span>
                </button>
              ))}
            </div>
          )}
          <div className="hl-list">
            {shown.map((h) => (
              <HighlightCard
                key={`${h.id}-${h.updated_at}`}
                workspaceId={workspace.id}
                highlight={h}
                participant={participant}
                onSeek={onSeek}
                suggestions={suggestions}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
