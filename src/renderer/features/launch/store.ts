import { create } from 'zustand';
import type { LaunchView } from '../../../shared/ipc/channels/studies';
import { api, call, UiError } from '../../lib/api';
import { projectKey, useProject } from '../project/store';
import { useSync } from '../sync/store';

export type LaunchSlice = { status: 'idle' | 'launching' | 'done' | 'error'; result: LaunchView | null; error: UiError | null };
const IDLE: LaunchSlice = { status: 'idle', result: null, error: null };

type LaunchState = {
  byKey: Record<string, LaunchSlice>;
  /** The study whose launch dialog is open (`workspace/project`), or null. One dialog at a time. */
  dialogFor: string | null;
  openDialog(workspaceId: string, projectId: string): void;
  closeDialog(): void;
  /** Sends the launch unless one is already in flight for this study: a second click does nothing. */
  launch(workspaceId: string, projectId: string, target: number): Promise<void>;
};

export const launchSlice = (s: LaunchState, w: string, p: string): LaunchSlice => s.byKey[projectKey(w, p)] ?? IDLE;

export const useLaunch = create<LaunchState>((set, get) => ({
  byKey: {},
  dialogFor: null,
  openDialog(workspaceId, projectId) {
    const key = projectKey(workspaceId, projectId);
    // A fresh dialog forgets an earlier refusal (e.g. a 402) but keeps a launch that went through.
    set((s) => ({ dialogFor: key, byKey: s.byKey[key]?.status === 'error' ? { ...s.byKey, [key]: IDLE } : s.byKey }));
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
