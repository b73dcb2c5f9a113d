import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { useNav } from '../../app/nav-store';
import { api, call } from '../../lib/api';
import { useProjects } from '../projects/store';
import { useStimuliWizard } from './stimuli-wizard-store';

export type StimuliWizardStart = { workspace: WorkspaceSummary; title: string; research_objective: string };

/** The service requires one question at creation; the real questions come once the media is uploaded. */
export const PLACEHOLDER_QUESTION = 'Placeholder: replaced once the stimuli are uploaded and the questions drafted.';

/**
 * Starts a STIMULI study the spec's way (typical flow 2): the project is created with a placeholder
 * question, then the guided wizard takes over: upload media with captions, draft questions from them,
 * save, put the assignments back, ready to launch. Throws a UiError the caller shows inline.
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
  useStimuliWizard.getState().begin(workspace.id, project_id, { title: title.trim(), research_objective: research_objective.trim() });
  void useProjects.getState().load(workspace.id);
  useNav.getState().go({ name: 'stimuli-wizard', projectId: project_id });
}
