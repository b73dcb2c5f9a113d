import { create } from 'zustand';

export const PROJECT_TABS = ['guide', 'stimuli', 'share', 'interviews', 'report', 'analysis'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export type Route =
  | { name: 'projects' }
  /** tab null: the study's own default (the tab last used in it, else Interviews once launched, Guide for a draft). */
  | { name: 'project'; projectId: string; tab: ProjectTab | null }
  | { name: 'interview'; projectId: string; interviewId: string; atMs: number | null }
  | { name: 'new-study' }
  | { name: 'stimuli-wizard'; projectId: string }
  | { name: 'settings' }
  | { name: 'add-workspace' };

type NavState = {
  route: Route;
  /** Routes visited before this one, so Back returns where the researcher was (a quote jump, a search hit). */
  history: Route[];
  searchOpen: boolean;
  shortcutsOpen: boolean;
  /** Bumped by Ctrl/Cmd+E and the menu's Export…; the Export dialog's host opens for the current screen. */
  exportRequested: number;
  go(route: Route): void;
  /** Shows another route in this one's place: Back then skips it (the viewer's Next and Previous interview). */
  replace(route: Route): void;
  back(): void;
  openSearch(open: boolean): void;
  openShortcuts(open: boolean): void;
  requestExport(): void;
};

export const useNav = create<NavState>((set, get) => ({
  route: { name: 'projects' },
  history: [],
  searchOpen: false,
  shortcutsOpen: false,
  exportRequested: 0,
  go(route) {
    const { route: current, history } = get();
    if (JSON.stringify(current) === JSON.stringify(route)) return;
    set({ route, history: [...history.slice(-49), current] });
  },
  replace(route) {
    set({ route });
  },
  back() {
    const { history } = get();
    const prev = history.at(-1);
    set({ route: prev ?? { name: 'projects' }, history: history.slice(0, -1) });
  },
  openSearch: (searchOpen) => set({ searchOpen }),
  openShortcuts: (shortcutsOpen) => set({ shortcutsOpen }),
  requestExport: () => set((s) => ({ exportRequested: s.exportRequested + 1 })),
}));

export const openProject = (projectId: string, tab: ProjectTab | null = null) => useNav.getState().go({ name: 'project', projectId, tab });
export const openInterview = (projectId: string, interviewId: string, atMs: number | null = null) =>
  useNav.getState().go({ name: 'interview', projectId, interviewId, atMs });
