import { useMemo } from 'react';
import type { InterviewDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { HighlightCard } from './HighlightCard';
import { interviewKey, useHighlightList } from './store';
import './highlights.css';

/** The highlights of one interview, under the player: tags, note, copy quote with timestamp, jump. */
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
  const suggestions = useMemo(() => [...new Set(list.items.flatMap((h) => h.tags))], [list.items]);
  const participant = interview.participant?.name ?? interview.participant_name;
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
        <p className="muted hl-empty">No highlights yet. Select words in the transcript and press H to highlight them.</p>
      ) : (
        <div className="hl-list">
          {list.items.map((h) => (
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
      )}
    </section>
  );
}
