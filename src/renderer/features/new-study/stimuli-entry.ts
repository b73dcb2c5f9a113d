import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { openProject } from '../../app/nav-store';
import { api, call } from '../../lib/api';
import { useProjects } from '../projects/store';

export type StimuliWizardStart = { workspace: WorkspaceSummary; title: string; research_objective: string };

/** The service requires one question at creation; the real questions come once the media is uploaded. */
export const PLACEHOLDER_QUESTION = 'Placeholder: replaced once the stimuli are uploaded and the questions drafted.';

/**
 * Starts a STIMULI study. For now: creates the project with a placeholder question and opens its
 * Stimuli tab, where media is uploaded. The guided wizard (upload, draft questions from the captions,
 * re-assign) replaces this function. Throws a UiError the caller shows inline.
 */
export async function startStimuliWizard({ workspace, title, research_objective }: StimuliWizardStart): Promise<void> {
  const { project_id } = await call(
    api().studies.create({
      workspace_id: workspace.id,
      title: title.trim() || 'Untitled stimuli study',
      type: 'STIMULI',
      ...(research_objective.trim() ? { research_objective: research_objective.trim() } : {}),
      intro_message: 'Thanks for taking part. You will see a few images or videos, and we would like to hear what you think of each.',
      questions: [{ question: PLACEHOLDER_QUESTION, probing_level: 'medium' }],
      languages: [{ language_name: 'English', accent: 'en-US' }],
      interaction_modes: ['video', 'audio'],
    }),
  );
  void useProjects.getState().load(workspace.id);
  openProject(project_id, 'stimuli');
}
