import { create } from 'zustand';
import { emptyStudyForm, type StudyFormValues } from '../study-form/model';

export type Method = 'ai' | 'own' | 'stimuli' | 'external';

export type NewStudyDraft = {
  method: Method;
  values: StudyFormValues;
  /** The AI draft has filled the form; before that only the objective shows. */
  drafted: boolean;
  external: { organisation_id: string; ai_context: string; target_audience: string };
};

export const freshDraft = (organisationId: string | null): NewStudyDraft => ({
  method: 'ai',
  values: emptyStudyForm(),
  drafted: false,
  external: { organisation_id: organisationId ?? '', ai_context: '', target_audience: '' },
});

type State = {
  /** Per workspace, so leaving the screen (or switching workspace and back) keeps what was typed. */
  drafts: Record<string, NewStudyDraft>;
  patch(workspaceId: string, organisationId: string | null, patch: (d: NewStudyDraft) => Partial<NewStudyDraft>): void;
  reset(workspaceId: string): void;
};

export const useNewStudy = create<State>((set) => ({
  drafts: {},
  patch(w, org, patch) {
    set((s) => {
      const cur = s.drafts[w] ?? freshDraft(org);
      return { drafts: { ...s.drafts, [w]: { ...cur, ...patch(cur) } } };
    });
  },
  reset(w) {
    set((s) => {
      const rest = { ...s.drafts };
      delete rest[w];
      return { drafts: rest };
    });
  },
}));
