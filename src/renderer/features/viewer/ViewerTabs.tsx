import { useState } from 'react';
import type { InterviewDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { tablistKeys } from '../../lib/tablist-keys';
import { InterviewHighlights } from '../highlights/InterviewHighlights';
import { InterviewDetails } from './details/InterviewDetails';

const TABS = [
  { id: 'details', label: 'Participant & screener' },
  { id: 'highlights', label: 'Highlights' },
] as const;

/** Under the player: the interview's details (participant, screener) and its highlights, as tabs. */
export function ViewerTabs({ workspace, interview, onSeek }: { workspace: WorkspaceSummary; interview: InterviewDetail; onSeek: (ms: number) => void }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('details');
  const onTabKey = tablistKeys(
    TABS.map((t) => t.id),
    tab,
    setTab,
    (id) => `viewer-tab-${id}`,
  );
  return (
    <>
      <div className="viewer-tabs tabs" role="tablist" aria-label="Interview sections" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`viewer-tab-${t.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === t.id}
            aria-controls={`viewer-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="viewer-panel" role="tabpanel" id={`viewer-panel-${tab}`} aria-labelledby={`viewer-tab-${tab}`}>
        {tab === 'details' ? <InterviewDetails interview={interview} /> : <InterviewHighlights workspace={workspace} interview={interview} onSeek={onSeek} />}
      </div>
    </>
  );
}
