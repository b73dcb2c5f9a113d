import { create } from 'zustand';
import type { UpdateStudyResult } from '../../../shared/ipc/channels/studies';
import type { QuestionDraft } from '../study-form/model';

export const WIZARD_STEPS = ['media', 'questions', 'assign', 'ready'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export type WizardState = {
  workspaceId: string;
  projectId: string;
  title: string;
  research_objective: string;
  step: WizardStep;
  questions: QuestionDraft[];
  drafted: boolean;
  /** What the last save of the questions did to the assignments: restored ones and those to ask about. */
  saved: UpdateStudyResult | null;
};

type Store = {
  byProject: Record<string, WizardState>;
  begin(workspaceId: string, projectId: string, seed: { title: string; research_objective: string }): void;
  patch(projectId: string, p: Partial<WizardState>): void;
  finish(projectId: string): void;
};

/** The wizard's progress per study, so leaving it (to look something up) and coming back loses nothing. */
export const useStimuliWizard = create<Store>((set) => ({
  byProject: {},
  begin: (workspaceId, projectId, seed) =>
    set((s) => ({
      byProject: { ...s.byProject, [projectId]: { workspaceId, projectId, ...seed, step: 'media', questions: [], drafted: false, saved: null } },
    })),
  patch: (projectId, p) =>
    set((s) => {
      const cur = s.byProject[projectId];
      return cur ? { byProject: { ...s.byProject, [projectId]: { ...cur, ...p } } } : s;
    }),
  finish: (projectId) =>
    set((s) => {
      const next = { ...s.byProject };
      delete next[projectId];
      return { byProject: next };
    }),
}));
