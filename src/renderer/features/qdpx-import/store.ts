import { create } from 'zustand';
import type { QdpxImportReport } from '../../../shared/ipc/channels/imports';
import { api, call, UiError } from '../../lib/api';

type ImportState = {
  /** The study the dialog is open for; null when closed. */
  target: { workspaceId: string; projectId: string } | null;
  file: File | null;
  coder: string;
  running: boolean;
  report: QdpxImportReport | null;
  error: UiError | null;
  /** Goes up after each import that wrote something, so codes and segments views can reload. */
  revision: number;
  open(workspaceId: string, projectId: string): void;
  close(): void;
  setFile(file: File | null): void;
  setCoder(coder: string): void;
  run(): Promise<void>;
  /** Back to the form, to import another file. */
  again(): void;
};

export const useQdpxImport = create<ImportState>((set, get) => ({
  target: null,
  file: null,
  coder: '',
  running: false,
  report: null,
  error: null,
  revision: 0,
  open(workspaceId, projectId) {
    set({ target: { workspaceId, projectId }, file: null, running: false, report: null, error: null });
  },
  close() {
    if (get().running) return;
    set({ target: null, file: null, report: null, error: null });
  },
  setFile(file) {
    set({ file, error: null });
  },
  setCoder(coder) {
    set({ coder });
  },
  again() {
    set({ file: null, report: null, error: null });
  },
  async run() {
    const { target, file, coder } = get();
    if (!target || !file || !coder.trim() || get().running) return;
    set({ running: true, error: null, report: null });
    try {
      // The page never has a path: main gets the picked file through a token.
      const token = await window.fieldworkFiles.tokenFor(file).catch((e: unknown) => {
        throw new UiError('file_unreadable', e instanceof Error && e.message ? e.message : 'This file could not be read. Check that it still exists.');
      });
      const report = await call(api().imports.qdpx({ workspace_id: target.workspaceId, project_id: target.projectId, file_token: token, coder: coder.trim() }));
      set((s) => ({ report, running: false, revision: s.revision + 1 }));
    } catch (e) {
      set({ error: UiError.from(e), running: false });
    }
  },
}));
