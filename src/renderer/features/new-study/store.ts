import { create } from 'zustand';
import type { GenerateResult, UpdateStudyResult } from '../../../shared/ipc/channels/studies';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { openProject, useNav } from '../../app/nav-store';
import { api, call } from '../../lib/api';
import { clearDraft, readDraft, writeDraft, type DraftKey } from '../../lib/drafts';
import { useProject } from '../project/store';
import { useProjects } from '../projects/store';
import { useStimuli } from '../stimuli/store';
import { emptyStudyForm, toCreateBody, toQuestionBodies, type QuestionDraft, type StudyFormValues } from '../study-form/model';
import { PLACEHOLDER_QUESTION } from './stimuli-entry';
import { useStimuliWizard } from './stimuli-wizard-store';

export type Method = 'ai' | 'own' | 'stimuli' | 'external';
export type ExternalFields = { organisation_id: string; ai_context: string; target_audience: string };

export type NewStudyDraft = {
  method: Method;
  values: StudyFormValues;
  /** The AI draft has filled the form; before that only the objective shows. */
  drafted: boolean;
  external: ExternalFields;
};

export const freshDraft = (organisationId: string | null): NewStudyDraft => ({
  method: 'ai',
  values: emptyStudyForm(),
  drafted: false,
  external: { organisation_id: organisationId ?? '', ai_context: '', target_audience: '' },
});

/** Where a workspace's new-study draft is kept on this computer (lib/drafts). */
const draftKey = (workspaceId: string): DraftKey => ({ workspaceId, scope: 'new', form: 'new-study' });
const sansKeys = (d: NewStudyDraft) => JSON.stringify(d, (k, v: unknown) => (k === 'key' ? undefined : v));
/** Whether a draft holds anything the researcher chose or typed (row keys aside). */
export const hasContent = (d: NewStudyDraft | undefined, organisationId: string | null) =>
  d !== undefined && sansKeys(d) !== sansKeys(freshDraft(organisationId));

/** A stored draft, read tolerantly: fields a later version added come from a fresh draft. */
function fromStored(d: Partial<NewStudyDraft>, organisationId: string | null): NewStudyDraft {
  const fresh = freshDraft(organisationId);
  return { ...fresh, ...d, values: { ...fresh.values, ...d.values }, external: { ...fresh.external, ...d.external } };
}

/** The kinds of study the AI drafts a guide for. */
export type DraftType = 'USER_INTERVIEW' | 'CHURN' | 'STIMULI';

type State = {
  /**
   * Per workspace, so leaving the screen (or switching workspace and back) keeps what was typed; each is
   * also kept on this computer (lib/drafts), so a reload or a restart does too.
   */
  drafts: Record<string, NewStudyDraft>;
  /** Per workspace: false when this computer refused to keep the draft. */
  kept: Record<string, boolean>;
  /** Brings back the workspace's stored draft, if it isn't loaded yet; true when there is one with content. */
  restore(workspaceId: string, organisationId: string | null): boolean;
  patch(workspaceId: string, organisationId: string | null, patch: (d: NewStudyDraft) => Partial<NewStudyDraft>): void;
  reset(workspaceId: string): void;
  /**
   * Drafts a guide from the objective (for a STIMULI study, from its captions too: pass its id). Saves
   * nothing, so a caller that no longer wants the answer simply ignores it. Throws a UiError.
   */
  generate(workspaceId: string, objective: string, type: DraftType, projectId?: string): Promise<GenerateResult>;
  /** Creates the study from the form, clears the draft and opens the study on its guide. Throws a UiError. */
  create(workspaceId: string, values: StudyFormValues): Promise<void>;
  /** Has the service generate the whole guide as a draft study, then opens it like create. Throws a UiError. */
  createExternal(workspaceId: string, external: ExternalFields, values: StudyFormValues): Promise<void>;
  /**
   * Starts a STIMULI study the spec's way (typical flow 2): the project is created with a placeholder
   * question, then the guided wizard takes over: upload media with captions, draft questions from them,
   * save, put the assignments back, ready to launch. Throws a UiError.
   */
  createStimuli(workspace: WorkspaceSummary, title: string, objective: string): Promise<void>;
  /** The wizard's step 2: replaces the placeholder with the questions, then reloads the stimuli and the study. */
  saveQuestions(workspaceId: string, projectId: string, questions: QuestionDraft[]): Promise<UpdateStudyResult>;
};

export const useNewStudy = create<State>((set, get) => {
  /** A study was created: the next visit starts from a blank form, and the list shows the new study. */
  const created = (workspaceId: string, projectId: string) => {
    get().reset(workspaceId);
    void useProjects.getState().load(workspaceId);
    openProject(projectId, 'guide');
  };
  return {
    drafts: {},
    kept: {},
    restore(w, org) {
      if (!get().drafts[w]) {
        const stored = readDraft<Partial<NewStudyDraft>>(draftKey(w));
        if (stored && typeof stored.value === 'object' && stored.value !== null) set((s) => ({ drafts: { ...s.drafts, [w]: fromStored(stored.value, org) } }));
      }
      return hasContent(get().drafts[w], org);
    },
    patch(w, org, patch) {
      const cur = get().drafts[w] ?? freshDraft(org);
      const next = { ...cur, ...patch(cur) };
      const kept = writeDraft(draftKey(w), next, '');
      set((s) => ({ drafts: { ...s.drafts, [w]: next }, kept: { ...s.kept, [w]: kept } }));
    },
    reset(w) {
      clearDraft(draftKey(w));
      set((s) => {
        const rest = { ...s.drafts };
        delete rest[w];
        return { drafts: rest, kept: { ...s.kept, [w]: true } };
      });
    },
    generate(workspaceId, objective, type, projectId) {
      return call(
        api().studies.generate({
          workspace_id: workspaceId,
          research_objective: objective.trim(),
          type,
          ...(projectId !== undefined ? { project_id: projectId } : {}),
        }),
      );
    },
    async create(workspaceId, values) {
      const { project_id } = await call(api().studies.create({ workspace_id: workspaceId, ...toCreateBody(values) }));
      created(workspaceId, project_id);
    },
    async createExternal(workspaceId, ext, values) {
      const r = await call(
        api().studies.createExternal({
          workspace_id: workspaceId,
          organisation_id: ext.organisation_id.trim(),
          title: values.title.trim(),
          research_objective: values.research_objective.trim(),
          ...(ext.ai_context.trim() ? { ai_context: ext.ai_context.trim() } : {}),
          ...(ext.target_audience.trim() ? { target_audience: ext.target_audience.trim() } : {}),
        }),
      );
      created(workspaceId, r.project_id);
    },
    async createStimuli(workspace, title, objective) {
      const { project_id } = await call(
        api().studies.create({
          workspace_id: workspace.id,
          title: title.trim() || 'Untitled stimuli study',
          type: 'STIMULI',
          ...(objective.trim() ? { research_objective: objective.trim() } : {}),
          intro_message: 'Thanks for taking part. You will see a few images or videos, and we would like to hear what you think of each.',
          questions: [{ question: PLACEHOLDER_QUESTION, probing_level: 'medium' }],
          languages: [{ language_name: 'English', accent: 'en-US' }],
          interaction_modes: ['video', 'audio'],
        }),
      );
      useStimuliWizard.getState().begin(workspace.id, project_id, { title: title.trim(), research_objective: objective.trim() });
      void useProjects.getState().load(workspace.id);
      useNav.getState().go({ name: 'stimuli-wizard', projectId: project_id });
      get().reset(workspace.id);
    },
    async saveQuestions(workspaceId, projectId, questions) {
      const res = await call(api().studies.update({ workspace_id: workspaceId, project_id: projectId, questions: toQuestionBodies(questions) }));
      await Promise.all([useStimuli.getState().loadViews(workspaceId, projectId), useProject.getState().load(workspaceId, projectId)]);
      return res;
    },
  };
});
