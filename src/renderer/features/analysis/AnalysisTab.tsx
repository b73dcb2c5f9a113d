import { useState } from 'react';
import { TabList, TabPanel, type TabIds } from '../../components/Tabs';
import { AgreementView } from '../agreement/AgreementView';
import { CodesView } from '../codes/CodesView';
import { GridView } from '../grid/GridView';
import { ImportQdpx } from '../qdpx-import/ImportQdpx';
import { ReelsView } from '../reels/ReelsView';
import { RedactionView } from '../redaction/RedactionView';
import type { TabProps } from '../interviews/InterviewsTab';
import '../interviews/interviews.css';
import './analysis.css';

type AnalysisView = 'codes' | 'grid' | 'agreement' | 'reels' | 'redaction';
const VIEWS: { id: AnalysisView; label: string }[] = [
  { id: 'codes', label: 'Codes' },
  { id: 'grid', label: 'Question grid' },
  { id: 'agreement', label: 'Agreement' },
  { id: 'reels', label: 'Reels' },
  { id: 'redaction', label: 'Redaction' },
];
const VIEW_IDS: TabIds = { tab: 'an-view-', panel: 'an-panel-' };

/** The study's analysis: its codebook and coded segments, the question × participant grid, coder agreement, hand-picked reels, and the review of what redaction will hide. */
export function AnalysisTab({ workspace, project }: TabProps) {
  const [view, setView] = useState<AnalysisView>('codes');
  return (
    <div className="an-tab">
      <div className="an-actions">
        <ImportQdpx workspace={workspace} project={project} />
      </div>
      <TabList label="Analysis views" tabs={VIEWS} active={view} onSelect={setView} ids={VIEW_IDS} className="iv-views an-views" tabClassName="iv-view" />
      <TabPanel active={view} ids={VIEW_IDS} className="an-panel">
        {view === 'codes' && <CodesView workspace={workspace} project={project} />}
        {view === 'grid' && <GridView workspace={workspace} project={project} />}
        {view === 'agreement' && <AgreementView workspace={workspace} project={project} />}
        {view === 'reels' && <ReelsView workspace={workspace} project={project} />}
        {view === 'redaction' && <RedactionView workspace={workspace} project={project} />}
      </TabPanel>
    </div>
  );
}
