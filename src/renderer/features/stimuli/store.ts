import { create } from 'zustand';
import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import { api, call, UiError } from '../../lib/api';
import { useProject } from '../project/store';
import { checkStimulusFile, readHead } from './file-check';

export type UploadState = 'checking' | 'ready' | 'invalid' | 'queued' | 'preparing' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** A local file on its way to becoming a stimulus: checked, captioned, uploaded with progress. */
export type StagedFile = {
  id: string;
  workspaceId: string;
  projectId: string;
  file: File;
  name: string;
  size: number;
  kind: 'image' | 'video' | null;
  /** A blob: URL of the local file for a preview before upload (the CSP allows blob:). */
  previewUrl: string | null;
  caption: string;
  state: UploadState;
  problem: string | null;
  sent: number;
  total: number;
  error: UiError | null;
  stimulusId: string | null;
};

export type ViewSlice = { status: 'loading' | 'ready' | 'error'; items: StimulusView[]; error: UiError | null };

type StimuliState = {
  staged: StagedFile[];
  views: Record<string, ViewSlice>;
  /** Bumps per project when an upload lands, so open views reload. */
  revision: Record<string, number>;
  /** Where files dropped on the window go when something other than the open study wants them (the wizard). */
  dropTarget: { workspaceId: string; projectId: string } | null;
  addFiles(workspaceId: string, projectId: string, files: File[]): void;
  setCaption(id: string, caption: string): void;
  remove(id: string): void;
  uploadAll(workspaceId: string, projectId: string): Promise<void>;
  retry(id: string): Promise<void>;
  cancel(id: string): Promise<void>;
  clearFinished(workspaceId: string, projectId: string): void;
  loadViews(workspaceId: string, projectId: string): Promise<StimulusView[]>;
  assign(workspaceId: string, projectId: string, stimulusId: string, questionItems: string[], caption?: string | null): Promise<void>;
  setDropTarget(t: { workspaceId: string; projectId: string } | null): void;
};

export const stimuliKey = (w: string, p: string) => `${w}/${p}`;
const ACTIVE: UploadState[] = ['queued', 'preparing', 'uploading'];
export const isActive = (s: StagedFile) => ACTIVE.includes(s.state);

let listening = false;
/** The upload loop for one project runs at most once at a time; files queue behind it. */
const running = new Set<string>();

export const useStimuli = create<StimuliState>((set, get) => {
  const patch = (id: string, p: Partial<StagedFile>) => set((s) => ({ staged: s.staged.map((f) => (f.id === id ? { ...f, ...p } : f)) }));
  const find = (id: string) => get().staged.find((f) => f.id === id);

  function listen() {
    if (listening) return;
    listening = true;
    api().events.on('stimuli.progress', (e) => {
      const f = find(e.upload_id);
      if (f && (f.state === 'uploading' || f.state === 'preparing')) patch(e.upload_id, { state: 'uploading', sent: e.sent, total: e.total });
    });
  }

  async function uploadOne(id: string): Promise<void> {
    const f = find(id);
    if (!f || f.state !== 'queued') return;
    patch(id, { state: 'preparing', sent: 0, total: f.size, error: null });
    try {
      const fileToken = await window.fieldworkFiles.tokenFor(f.file).catch((e: unknown) => {
        throw new UiError('file_unreadable', e instanceof Error && e.message ? e.message : 'This file could not be read. Check that it still exists.');
      });
      if (find(id)?.state === 'cancelled') return;
      const caption = f.caption.trim();
      const res = await call(
        api().stimuli.upload({ workspace_id: f.workspaceId, project_id: f.projectId, file_token: fileToken, upload_id: id, ...(caption ? { caption } : {}) }),
      );
      patch(id, { state: 'done', sent: f.size, total: f.size, stimulusId: res.stimulus_id });
    } catch (e) {
      const err = UiError.from(e);
      // A cancel shows as cancelled, not as a failure.
      if (find(id)?.state === 'cancelled' || err.code === 'aborted') patch(id, { state: 'cancelled', error: null });
      else patch(id, { state: 'failed', error: err });
    }
    const key = stimuliKey(f.workspaceId, f.projectId);
    set((s) => ({ revision: { ...s.revision, [key]: (s.revision[key] ?? 0) + 1 } }));
  }

  async function drain(workspaceId: string, projectId: string) {
    const key = stimuliKey(workspaceId, projectId);
    if (running.has(key)) return;
    running.add(key);
    try {
      for (;;) {
        const next = get().staged.find((f) => f.workspaceId === workspaceId && f.projectId === projectId && f.state === 'queued');
        if (!next) break;
        await uploadOne(next.id);
      }
    } finally {
      running.delete(key);
    }
    await Promise.all([get().loadViews(workspaceId, projectId), useProject.getState().load(workspaceId, projectId)]);
  }

  return {
    staged: [],
    views: {},
    revision: {},
    dropTarget: null,
    addFiles(workspaceId, projectId, files) {
      listen();
      const added: StagedFile[] = files.map((file) => {
        const pre = checkStimulusFile(file, null);
        return {
          id: crypto.randomUUID(),
          workspaceId,
          projectId,
          file,
          name: file.name,
          size: file.size,
          kind: pre.ok ? pre.kind : null,
          previewUrl: pre.ok && pre.kind === 'image' ? URL.createObjectURL(file) : null,
          caption: '',
          state: pre.ok ? 'checking' : 'invalid',
          problem: pre.ok ? null : pre.message,
          sent: 0,
          total: file.size,
          error: null,
          stimulusId: null,
        };
      });
      set((s) => ({ staged: [...s.staged, ...added] }));
      for (const f of added) {
        if (f.state !== 'checking') continue;
        void readHead(f.file).then((head) => {
          const c = checkStimulusFile(f.file, head);
          if (!c.ok && f.previewUrl) URL.revokeObjectURL(f.previewUrl);
          patch(f.id, c.ok ? { state: 'ready' } : { state: 'invalid', problem: c.message, previewUrl: null });
        });
      }
    },
    setCaption: (id, caption) => patch(id, { caption }),
    remove(id) {
      const f = find(id);
      if (!f || isActive(f)) return;
      if (f.previewUrl) URL.revokeObjectURL(f.previewUrl);
      set((s) => ({ staged: s.staged.filter((x) => x.id !== id) }));
    },
    async uploadAll(workspaceId, projectId) {
      listen();
      set((s) => ({
        staged: s.staged.map((f) => (f.workspaceId === workspaceId && f.projectId === projectId && f.state === 'ready' ? { ...f, state: 'queued' } : f)),
      }));
      await drain(workspaceId, projectId);
    },
    async retry(id) {
      const f = find(id);
      if (!f || (f.state !== 'failed' && f.state !== 'cancelled')) return;
      patch(id, { state: 'queued', error: null, sent: 0 });
      await drain(f.workspaceId, f.projectId);
    },
    async cancel(id) {
      const f = find(id);
      if (!f || !isActive(f)) return;
      const wasSending = f.state !== 'queued';
      patch(id, { state: 'cancelled' });
      if (wasSending) await call(api().stimuli.cancel({ upload_id: id })).catch(() => undefined);
    },
    clearFinished(workspaceId, projectId) {
      for (const f of get().staged)
        if (f.workspaceId === workspaceId && f.projectId === projectId && f.state === 'done' && f.previewUrl) URL.revokeObjectURL(f.previewUrl);
      set((s) => ({ staged: s.staged.filter((f) => !(f.workspaceId === workspaceId && f.projectId === projectId && f.state === 'done')) }));
    },
    async loadViews(workspaceId, projectId) {
      const key = stimuliKey(workspaceId, projectId);
      const prev = get().views[key];
      if (!prev) set((s) => ({ views: { ...s.views, [key]: { status: 'loading', items: [], error: null } } }));
      try {
        const items = await call(api().stimuli.list({ workspace_id: workspaceId, project_id: projectId }));
        set((s) => ({ views: { ...s.views, [key]: { status: 'ready', items, error: null } } }));
        return items;
      } catch (e) {
        set((s) => ({ views: { ...s.views, [key]: { status: 'error', items: prev?.items ?? [], error: UiError.from(e) } } }));
        return prev?.items ?? [];
      }
    },
    async assign(workspaceId, projectId, stimulusId, questionItems, caption) {
      const key = stimuliKey(workspaceId, projectId);
      const before = get().views[key];
      // Optimistic, so the checkbox answers at once; the service's answer replaces it either way.
      if (before) {
        // Only the ticks: a caption that fails to save stays in its field, as typed.
        const items = before.items.map((v) => (v.stimuli_id === stimulusId ? { ...v, question_items: questionItems } : v));
        set((s) => ({ views: { ...s.views, [key]: { ...before, items } } }));
      }
      try {
        const items = await call(
          api().stimuli.assign({
            workspace_id: workspaceId,
            project_id: projectId,
            stimuli_id: stimulusId,
            question_items: questionItems,
            ...(caption !== undefined ? { caption } : {}),
          }),
        );
        set((s) => ({ views: { ...s.views, [key]: { status: 'ready', items, error: null } } }));
        void useProject.getState().load(workspaceId, projectId);
      } catch (e) {
        if (before) set((s) => ({ views: { ...s.views, [key]: before } }));
        throw UiError.from(e);
      }
    },
    setDropTarget: (dropTarget) => set({ dropTarget }),
  };
});
