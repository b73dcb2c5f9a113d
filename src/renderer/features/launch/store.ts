import { create } from 'zustand';
import type { LaunchView } from '../../../shared/ipc/channels/studies';
import type { CreditsView } from '../../../shared/views';
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
  openDialog(workspaceId: string, projectId: string): void;
  /** Reads the saved credits for the dialog; what it showed stays until the answer. */
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
  openDialog(workspaceId, projectId) {
    const key = projectKey(workspaceId, projectId);
    // A fresh dialog forgets an earlier refusal (e.g. a 402) but keeps a launch that went through, and reads the credits anew.
    creditReads++;
    set((s) => ({ dialogFor: key, credits: undefined, byKey: s.byKey[key]?.status === 'error' ? { ...s.byKey, [key]: IDLE } : s.byKey }));
  },
  async loadCredits(workspaceId) {
    const id = ++creditReads;
    let credits: CreditsView;
    try {
      credits = await call(api().credits.get({ workspace_id: workspaceId }));
    } catch {
      credits = null;
    }
    if (id === creditReads) set({ credits });
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
