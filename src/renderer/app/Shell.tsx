import { useEffect } from 'react';
import type { WorkspaceSummary } from '../../shared/ipc/channels/workspaces';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Toasts } from '../components/Toasts';
import { ExportHost } from '../features/exports/ExportHost';
import { ClipExportHost } from '../features/clips/ClipExportHost';
import { useInterviews } from '../features/interviews/store';
import { NewStudy } from '../features/new-study/NewStudy';
import { StimuliWizard } from '../features/new-study/StimuliWizard';
import { ProjectPage } from '../features/project/ProjectPage';
import { useProject } from '../features/project/store';
import { ProjectsScreen } from '../features/projects/ProjectsScreen';
import { useProjects } from '../features/projects/store';
import { attachNotices } from '../features/notices/store';
import { useReportRefresh } from '../features/report/use-report-refresh';
import { SearchPalette } from '../features/search/SearchPalette';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { WindowFileDrop } from '../features/stimuli/WindowFileDrop';
import { SyncHeader } from '../features/sync/SyncHeader';
import { useSync } from '../features/sync/store';
import { InterviewViewer } from '../features/viewer/InterviewViewer';
import { AddWorkspaceForm } from '../features/workspaces/AddWorkspaceForm';
import { Sidebar } from '../features/workspaces/Sidebar';
import { useNav, type Route } from './nav-store';
import { ShortcutSheet } from './ShortcutSheet';
import { useGlobalShortcuts } from './shortcuts';

const VIEW_NAMES: Record<Route['name'], string> = {
  projects: 'the studies list',
  project: 'this study',
  interview: 'the interview viewer',
  'new-study': 'the new study form',
  'stimuli-wizard': 'the stimuli setup',
  settings: 'Settings',
  'add-workspace': 'Add a workspace',
};

/**
 * One key per place, so a view that failed gets a fresh start when the researcher goes elsewhere; a
 * study's tabs and a seek inside one interview are the same place (the study page keeps its own state).
 */
const routeKey = (r: Route): string =>
  r.name === 'project' || r.name === 'stimuli-wizard' ? `${r.name}:${r.projectId}` : r.name === 'interview' ? `interview:${r.interviewId}` : r.name;

/** Sidebar, header and the current screen, for the workspace in use. */
export function Shell({ workspace }: { workspace: WorkspaceSummary }) {
  const { route, go, back, searchOpen, openSearch, shortcutsOpen, openShortcuts } = useNav();
  const attach = useSync((s) => s.attach);
  const offline = useSync((s) => s.offline);
  const everSynced = useSync((s) => Boolean(s.status?.last_completed_at));
  useEffect(() => attach(workspace.id), [workspace.id, attach]);
  useGlobalShortcuts();
  useReportRefresh(workspace.id);
  useEffect(() => attachNotices(workspace.id), [workspace.id]);
  const attachProjects = useProjects((s) => s.attach);
  useEffect(() => attachProjects(workspace.id), [workspace.id, attachProjects]);
  const attachProject = useProject((s) => s.attach);
  useEffect(() => attachProject(workspace.id), [workspace.id, attachProject]);
  const attachInterviews = useInterviews((s) => s.attach);
  useEffect(() => attachInterviews(workspace.id), [workspace.id, attachInterviews]);
  return (
    <div className="shell-body">
      <Sidebar />
      <div className="main-column">
        <header className="app-header">
          {route.name === 'interview' ? (
            <button type="button" className="btn btn-small" onClick={back}>
              ← Back
            </button>
          ) : (
            <span />
          )}
          <SyncHeader />
        </header>
        {offline && (
          <div className="banner banner-warning" role="status">
            <strong>Offline.</strong> {/* Before any sync has finished, what is on screen may be part of a study list or nothing at all: say so. */}
            <span>
              {everSynced
                ? "The service can't be reached, so Fieldwork is showing the data saved on this computer. It syncs again on its own."
                : "The service can't be reached, and no sync has finished yet, so studies and interviews may be missing here. Fieldwork syncs again on its own."}
            </span>
          </div>
        )}
        <main className="content" id="main">
          <ErrorBoundary key={routeKey(route)} view={VIEW_NAMES[route.name]}>
            {route.name === 'projects' && <ProjectsScreen workspace={workspace} />}
            {route.name === 'project' && <ProjectPage key={route.projectId} workspace={workspace} projectId={route.projectId} tab={route.tab} />}
            {route.name === 'interview' && (
              <InterviewViewer key={route.interviewId} workspace={workspace} projectId={route.projectId} interviewId={route.interviewId} atMs={route.atMs} />
            )}
            {route.name === 'new-study' && <NewStudy workspace={workspace} />}
            {route.name === 'stimuli-wizard' && <StimuliWizard key={route.projectId} workspace={workspace} projectId={route.projectId} />}
            {route.name === 'settings' && <SettingsScreen />}
            {route.name === 'add-workspace' && (
              <section className="screen" aria-labelledby="add-title">
                <h1 id="add-title">Add a workspace</h1>
                <div className="card" style={{ padding: 'var(--sp-24)', maxWidth: 520 }}>
                  <AddWorkspaceForm onDone={() => go({ name: 'projects' })} onCancel={back} />
                </div>
              </section>
            )}
          </ErrorBoundary>
        </main>
      </div>
      {searchOpen && (
        <ErrorBoundary view="search" onClose={() => openSearch(false)}>
          <SearchPalette workspace={workspace} onClose={() => openSearch(false)} />
        </ErrorBoundary>
      )}
      {shortcutsOpen && (
        <ErrorBoundary view="the shortcut sheet" onClose={() => openShortcuts(false)}>
          <ShortcutSheet onClose={() => openShortcuts(false)} />
        </ErrorBoundary>
      )}
      <ErrorBoundary view="the export dialog">
        <ExportHost workspaceId={workspace.id} />
      </ErrorBoundary>
      <ErrorBoundary view="the clip export dialog">
        <ClipExportHost workspaceId={workspace.id} />
      </ErrorBoundary>
      <Toasts />
      <WindowFileDrop workspace={workspace} />
    </div>
  );
}
