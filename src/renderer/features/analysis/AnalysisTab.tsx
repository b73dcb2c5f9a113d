import { useState } from 'react';
import { tablistKeys } from '../../lib/tablist-keys';
import { AgreementView } from '../agreement/AgreementView';
import { CodesView } from '../codes/CodesView';
import { GridView } from '../grid/GridView';
import { ImportQdpx } from '../qdpx-import/ImportQdpx';
import type { TabProps } from '../interviews/InterviewsTab';
import '../interviews/interviews.css';
import './analysis.css';

type AnalysisView = 'codes' | 'grid' | 'agreement';
const VIEWS: { id: AnalysisView; label: string }[] = [
  { id: 'codes', label: 'Codes' },
  { id: 'grid', label: 'Question grid' },
  { id: 'agreement', label: 'Agreement' },
];

/** The study's analysis: its codebook and coded segments, the question × participant grid, and coder agreement. */
export function AnalysisTab({ workspace, project }: TabProps) {
  const [view, setView] = useState<AnalysisView>('codes');
  const onKey = tablistKeys(
    VIEWS.map((v) => v.id),
    view,
    setView,
    (id) => `an-view-${id}`,
  );
  return (
    <div className="an-tab">
      <div className="an-actions">
        <ImportQdpx workspace={workspace} project={project} />
      </div>
      <div className="iv-views an-views" role="tablist" aria-label="Analysis views" onKeyDown={onKey}>
        {VIEWS.map((v) => (
          <button
            key={v.id}
            id={`an-view-${v.id}`}
            type="button"
            role="tab"
            className="iv-view"
            aria-selected={view === v.id}
            aria-controls={`an-panel-${v.id}`}
            tabIndex={view === v.id ? 0 : -1}
            onClick={() => setView(v.id)}
          >
            {v.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`an-panel-${view}`} aria-labelledby={`an-view-${view}`} className="an-panel">
        {view === 'codes' && <CodesView workspace={workspace} project={project} />}
        {view === 'grid' && <GridView workspace={workspace} project={project} />}
        {view === 'agreement' && <AgreementView workspace={workspace} project={project} />}
      </div>
    </div>
  );
}
