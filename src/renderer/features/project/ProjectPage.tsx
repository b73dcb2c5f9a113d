import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useEffect } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ErrorNote } from '../../components/ErrorNote';
import { StatusBadge } from '../../components/StatusBadge';
import { TabList, TabPanel, type TabIds } from '../../components/Tabs';
import { PROJECT_TABS, useNav, type ProjectTab } from '../../app/nav-store';
import { relativeTime, typeLabel } from '../../lib/format';
import { lastTab, rememberTab } from '../../app/last-tab';
import { exportStudy, selectedInterviews } from '../exports/open-export';
import { AnalysisTab } from '../analysis/AnalysisTab';
import { GuideTab } from '../guide/GuideTab';
import { InterviewsTab } from '../interviews/InterviewsTab';
import { LaunchButton } from '../launch/LaunchButton';
import { ReportTab } from '../report/ReportTab';
import { ShareTab } from '../share/ShareTab';
import { StimuliTab } from '../stimuli/StimuliTab';
import { LOADING, projectKey, useProject } from './store';

const TAB_LABELS: Record<ProjectTab, string> = {
  guide: 'Guide',
  stimuli: 'Stimuli',
  share: 'Share',
  interviews: 'Interviews',
  report: 'Report',
  analysis: 'Analysis',
};
const TAB_IDS: TabIds = { tab: 'tab-', panel: 'panel-' };

/** One study: its header and its tabs. Reads the cache; the store reloads it after each sync. */
export function ProjectPage({ workspace, projectId, tab }: { workspace: WorkspaceSummary; projectId: string; tab: ProjectTab | null }) {
  const slice = useProject((s) => s.byKey[projectKey(workspace.id, projectId)] ?? LOADING);
  const load = useProject((s) => s.load);
  const open = useProject((s) => s.open);
  const go = useNav((s) => s.go);
  useEffect(() => open(workspace.id, projectId), [workspace.id, projectId, open]);
  const p = slice.detail;
  const tabs = PROJECT_TABS.filter((t) => t !== 'stimuli' || p?.type === 'STIMULI');
  // A launched study is about its interviews; a draft about its guide. The tab last used in the study wins over both.
  const fallback: ProjectTab = p?.recruiting.has_launched ? 'interviews' : 'guide';
  const wanted = tab ?? lastTab(workspace.id, projectId) ?? fallback;
  const active = tabs.includes(wanted) ? wanted : fallback;
  useEffect(() => {
    if (p) rememberTab(workspace.id, projectId, active);
  }, [p, workspace.id, projectId, active]);

  if (!p) {
    if (slice.status === 'error' && slice.error)
      return (
        <section className="screen">
          <ErrorNote error={slice.error} onRetry={() => void load(workspace.id, projectId)} />
        </section>
      );
    if (slice.status === 'missing')
      return (
        <section className="screen">
          <p className="empty">This study is not in the saved data. Sync to fetch it, or pick another study.</p>
        </section>
      );
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Opening study…
      </p>
    );
  }
  const select = (t: ProjectTab) => go({ name: 'project', projectId, tab: t });
  return (
    <section className="project-page" aria-labelledby="project-title">
      <header className="project-head">
        <div className="project-head-title">
          <h1 id="project-title">{p.title || 'Untitled study'}</h1>
          <p className="muted">
            {typeLabel(p.type)} · <StatusBadge status={p.status} /> · saved {relativeTime(p.synced_at)}
          </p>
        </div>
        <div className="project-head-actions">
          <button
            type="button"
            className="btn"
            title="Export (Ctrl+E)"
            onClick={() => void exportStudy(workspace.id, p.id, active === 'interviews' ? selectedInterviews(workspace.id, p.id) : [], 'project')}
          >
            Export…
          </button>
          <LaunchButton workspace={workspace} project={p} />
        </div>
        <TabList
          label="Study sections"
          tabs={tabs.map((t) => ({ id: t, label: TAB_LABELS[t] }))}
          active={active}
          onSelect={select}
          ids={TAB_IDS}
          className="tabs"
          tabClassName="tab"
        />
      </header>
      <TabPanel active={active} ids={TAB_IDS} className="tab-panel">
        <ErrorBoundary key={active} view={`the ${active} tab`}>
          {active === 'guide' && <GuideTab workspace={workspace} project={p} />}
          {active === 'stimuli' && <StimuliTab workspace={workspace} project={p} />}
          {active === 'share' && <ShareTab workspace={workspace} project={p} />}
          {active === 'interviews' && <InterviewsTab workspace={workspace} project={p} />}
          {active === 'report' && <ReportTab workspace={workspace} project={p} />}
          {active === 'analysis' && <AnalysisTab workspace={workspace} project={p} />}
        </ErrorBoundary>
      </TabPanel>
    </section>
  );
}
