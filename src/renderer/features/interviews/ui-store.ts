import { create } from 'zustand';
import type { InterviewFilters } from './store';

export type InterviewsView = 'list' | 'highlights';
type ProjectUi = {
  view: InterviewsView;
  filters: InterviewFilters;
  /** The code the study's highlights are filtered by ('' for all). */ codeId: string;
  /** Interviews ticked for export, in the order ticked. */ selected: string[];
};

export const NO_FILTERS: InterviewFilters = { status: '', screener: '', text: '' };
const DEFAULT_UI: ProjectUi = { view: 'list', filters: NO_FILTERS, codeId: '', selected: [] };

type UiState = {
  /** Per `${workspace}/${project}`: filters survive a trip to the viewer and back. */
  byKey: Record<string, ProjectUi>;
  patch(key: string, p: Partial<ProjectUi>): void;
};

export const useInterviewsUi = create<UiState>((set) => ({
  byKey: {},
  patch: (key, p) => set((s) => ({ byKey: { ...s.byKey, [key]: { ...(s.byKey[key] ?? DEFAULT_UI), ...p } } })),
}));

export const uiFor = (s: UiState, key: string): ProjectUi => s.byKey[key] ?? DEFAULT_UI;
