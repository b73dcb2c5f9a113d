import { useState } from 'react';
import type { InterviewDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { TabList, TabPanel, type TabIds } from '../../components/Tabs';
import { InterviewHighlights } from '../highlights/InterviewHighlights';
import { InterviewDetails } from './details/InterviewDetails';

const TABS = [
  { id: 'details', label: 'Participant & screener' },
  { id: 'highlights', label: 'Highlights' },
] as const;
const TAB_IDS: TabIds = { tab: 'viewer-tab-', panel: 'viewer-panel-' };

/** Under the player: the interview's details (participant, screener) and its highlights, as tabs. */
export function ViewerTabs({ workspace, interview, onSeek }: { workspace: WorkspaceSummary; interview: InterviewDetail; onSeek: (ms: number) => void }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('details');
  return (
    <>
      <TabList label="Interview sections" tabs={TABS} active={tab} onSelect={setTab} ids={TAB_IDS} className="viewer-tabs tabs" tabClassName="tab" />
      <TabPanel active={tab} ids={TAB_IDS} className="viewer-panel">
        {tab === 'details' ? <InterviewDetails interview={interview} /> : <InterviewHighlights workspace={workspace} interview={interview} onSeek={onSeek} />}
      </TabPanel>
    </>
  );
}
