import { create } from 'zustand';
import { DEFAULT_SORT, type StudyFilter, type StudySort } from './study-list';

/** The studies list's order and filters: they survive opening a study and coming back. */
export const useStudiesUi = create<{ sort: StudySort; filter: StudyFilter; set(p: Partial<{ sort: StudySort; filter: StudyFilter }>): void }>((set) => ({
  sort: DEFAULT_SORT,
  filter: { text: '', status: '' },
  set: (p) => set(p),
}));
