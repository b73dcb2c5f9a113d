import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { GuideEditForm } from './GuideEditForm';
import { GuideView } from './GuideView';
import { useGuideEdit } from './use-guide-edit';
import './guide.css';

export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };

/** The interview guide: read it, and while the study is unlaunched, edit it. */
export function GuideTab({ workspace, project }: TabProps) {
  const form = useGuideEdit(workspace.id, project);
  return form.edit ? <GuideEditForm project={project} edit={form.edit} form={form} /> : <GuideView project={project} form={form} />;
}
