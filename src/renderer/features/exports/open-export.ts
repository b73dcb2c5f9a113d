import type { Route } from '../../app/nav-store';
import { useToasts } from '../../components/Toasts';
import { uiFor, useInterviewsUi } from '../interviews/ui-store';
import { projectKey, useProject } from '../project/store';
import { useExport, type ExportScope } from './store';

/** Opens the Export dialog for a study, reading its title and report from the saved data if need be. */
export async function openExport(workspaceId: string, projectId: string, scopes: ExportScope[]): Promise<void> {
  const cached = useProject.getState().byKey[projectKey(workspaceId, projectId)]?.detail;
  const project = cached ?? (await useProject.getState().load(workspaceId, projectId));
  if (!project) {
    useToasts.getState().push({ tone: 'warning', key: 'export', title: 'Nothing to export yet', body: 'This study is not in the saved data. Sync it first.' });
    return;
  }
  useExport.getState().open({ workspaceId, projectId, projectTitle: project.title, hasReport: project.report !== null, scopes });
}

/** The selection ticked in a study's interview table. */
export function selectedInterviews(workspaceId: string, projectId: string): string[] {
  return uiFor(useInterviewsUi.getState(), `${workspaceId}/${projectId}`).selected;
}

/** Ctrl/Cmd+E and the menu's Export…: export what the current screen shows. */
export function exportForRoute(workspaceId: string, route: Route, interviewLabel: () => string): void {
  if (route.name === 'interview') {
    void openExport(workspaceId, route.projectId, [{ kind: 'interview', interviewId: route.interviewId, label: interviewLabel() }, { kind: 'project' }]);
    return;
  }
  if (route.name === 'project') {
    const selected = route.tab === 'interviews' ? selectedInterviews(workspaceId, route.projectId) : [];
    void openExport(workspaceId, route.projectId, selected.length ? [{ kind: 'selection', interviewIds: selected }, { kind: 'project' }] : [{ kind: 'project' }]);
    return;
  }
  useToasts.getState().push({ tone: 'info', key: 'export', title: 'Open a study to export it', body: 'Export works on a study, a selection of its interviews, or the interview you are watching.' });
}
