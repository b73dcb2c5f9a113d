import type { Route } from '../../app/nav-store';
import { useToasts } from '../../components/Toasts';
import { uiFor, useInterviewsUi } from '../interviews/ui-store';
import { projectKey, useProject } from '../project/store';
import { useExport, type ExportScope } from './store';

/** Opens the Export dialog for a study, reading its title and report from the saved data if need be. */
async function openExport(workspaceId: string, projectId: string, scopes: ExportScope[]): Promise<void> {
  const cached = useProject.getState().byKey[projectKey(workspaceId, projectId)]?.detail;
  const project = cached ?? (await useProject.getState().load(workspaceId, projectId));
  if (!project) {
    useToasts.getState().push({ tone: 'warning', key: 'export', title: 'Nothing to export yet', body: 'This study is not in the saved data. Sync it first.' });
    return;
  }
  useExport.getState().open({ workspaceId, projectId, projectTitle: project.title, hasReport: project.report !== null, scopes });
}

/** One interview (the viewer), with the whole study offered beside it. */
export const exportInterview = (workspaceId: string, projectId: string, interviewId: string, label: string) =>
  openExport(workspaceId, projectId, [{ kind: 'interview', interviewId, label }, { kind: 'project' }]);

/** A study, offering the interviews ticked in its table as well; `first` says which scope starts chosen. */
export function exportStudy(workspaceId: string, projectId: string, selected: string[], first: 'project' | 'selection'): Promise<void> {
  if (selected.length === 0) return openExport(workspaceId, projectId, [{ kind: 'project' }]);
  const scopes: ExportScope[] = [{ kind: 'project' }, { kind: 'selection', interviewIds: selected }];
  return openExport(workspaceId, projectId, first === 'project' ? scopes : scopes.reverse());
}

/** The selection ticked in a study's interview table. */
export function selectedInterviews(workspaceId: string, projectId: string): string[] {
  return uiFor(useInterviewsUi.getState(), `${workspaceId}/${projectId}`).selected;
}

/** Ctrl/Cmd+E and the menu's Export…: export what the current screen shows. */
export function exportForRoute(workspaceId: string, route: Route, interviewLabel: () => string): void {
  if (route.name === 'interview') {
    void exportInterview(workspaceId, route.projectId, route.interviewId, interviewLabel());
    return;
  }
  if (route.name === 'project') {
    // In the Interviews tab, the ticked interviews are what the researcher is looking at.
    void exportStudy(workspaceId, route.projectId, route.tab === 'interviews' ? selectedInterviews(workspaceId, route.projectId) : [], 'selection');
    return;
  }
  useToasts.getState().push({
    tone: 'info',
    key: 'export',
    title: 'Open a study to export it',
    body: 'Export works on a study, a selection of its interviews, or the interview you are watching.',
  });
}
