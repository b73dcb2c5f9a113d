import { create } from 'zustand';
import type { LaunchView } from '../../../shared/ipc/channels/studies';
import type { CreditsView, LaunchPrice } from '../../../shared/views';
import { api, call, UiError } from '../../lib/api';
import { projectKey, useProject } from '../project/store';
import { useSync } from '../sync/store';

export type LaunchSlice = { status: 'idle' | 'launching' | 'done' | 'error'; result: LaunchView | null; error: UiError | null };
const IDLE: LaunchSlice = { status: 'idle', result: null, error: null };

type LaunchState = {
  byKey: Record<string, LaunchSlice>;
  /** The study whose launch dialog is open (`workspace/project`), or null. One dialog at a time. */
  dialogFor: string | null;
  /** The credits the open dialog shows: undefined while reading, null when unknown (not synced yet, or unreadable). */
  credits: CreditsView | undefined;
  /** The price per participant an earlier launch from this workspace showed; null when none did (or it can't be read). */
  price: LaunchPrice | undefined;
  openDialog(workspaceId: string, projectId: string): void;
  /** Reads the saved credits and the last launch's price for the dialog; what it showed stays until the answer. */
  loadCredits(workspaceId: string): Promise<void>;
  closeDialog(): void;
  /** Sends the launch unless one is already in flight for this study: a second click does nothing. */
  launch(workspaceId: string, projectId: string, target: number): Promise<void>;
};

export const launchSlice = (s: LaunchState, w: string, p: string): LaunchSlice => s.byKey[projectKey(w, p)] ?? IDLE;

/** The credits read the dialog is waiting for: an older read answering late is dropped. */
let creditReads = 0;

export const useLaunch = create<LaunchState>((set, get) => ({
  byKey: {},
  dialogFor: null,
  credits: undefined,
  price: undefined,
  openDialog(workspaceId, projectId) {
    const key = projectKey(workspaceId, projectId);
    // A fresh dialog forgets an earlier refusal (e.g. a 402) but keeps a launch that went through, and reads the credits anew.
    creditReads++;
    set((s) => ({ dialogFor: key, credits: undefined, price: undefined, byKey: s.byKey[key]?.status === 'error' ? { ...s.byKey, [key]: IDLE } : s.byKey }));
  },
  async loadCredits(workspaceId) {
    const id = ++creditReads;
    // Either read failing leaves that part unknown, which the dialog says; it never blocks the launch.
    const [credits, price] = await Promise.all([
      call(api().credits.get({ workspace_id: workspaceId })).catch((): CreditsView => null),
      call(api().credits.lastLaunchPrice({ workspace_id: workspaceId })).catch((): LaunchPrice => null),
    ]);
    if (id === creditReads) set({ credits, price });
  },
  closeDialog() {
    set({ dialogFor: null });
  },
  async launch(workspaceId, projectId, target) {
    const key = projectKey(workspaceId, projectId);
    if (get().byKey[key]?.status === 'launching') return;
    set((s) => ({ byKey: { ...s.byKey, [key]: { status: 'launching', result: null, error: null } } }));
    try {
      const result = await call(api().studies.launch({ workspace_id: workspaceId, project_id: projectId, target_participants: target }));
      set((s) => ({ byKey: { ...s.byKey, [key]: { status: 'done', result, error: null } } }));
    } catch (e) {
      set((s) => ({ byKey: { ...s.byKey, [key]: { status: 'error', result: null, error: UiError.from(e) } } }));
    }
    // Whatever happened, the page and the credits show the service's state as main now has it.
    await Promise.all([useProject.getState().load(workspaceId, projectId), useSync.getState().refreshStatus()]);
  },
}));
