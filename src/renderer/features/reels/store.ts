import { create } from 'zustand';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import type { ReelAddView, ReelDetailView, ReelView } from '../../../shared/ipc/channels/reels';
import { api, call, UiError } from '../../lib/api';

export type ReelsKey = { workspaceId: string; projectId: string };

type ReelsState = {
  key: ReelsKey | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  reels: ReelView[];
  error: UiError | null;
  selectedId: string | null;
  detail: ReelDetailView | null;
  detailStatus: 'idle' | 'loading' | 'ready' | 'error';
  detailError: UiError | null;
  /** What the last reorder, removal or addition did, for the view's aria-live region. */
  announcement: string;
  /** Bumped by every change, so a reel picker elsewhere (a highlight card's "Add to reel…") reads the list again. */
  version: number;
  /** Opens a study's reels (keeps the open reel when it is the same study). */
  open(key: ReelsKey): Promise<void>;
  reload(): Promise<void>;
  select(id: string | null): Promise<void>;
  /** Each of these throws a UiError (conflict, invalid_input, not_found …) for the form to show. */
  create(name: string): Promise<ReelView>;
  rename(id: string, name: string): Promise<ReelView>;
  remove(id: string): Promise<void>;
  addItems(highlightIds: string[]): Promise<ReelAddView>;
  removeItem(highlightId: string): Promise<void>;
  /** The clip to `position` (from 0): shown there at once, put back if main refuses. */
  move(highlightId: string, position: number): Promise<void>;
  announce(text: string): void;
};

const clips = (n: number) => `${n} ${n === 1 ? 'clip' : 'clips'}`;
export const short = (text: string, n = 48) => (text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text);

/** What adding clips did, in words: how many went in, and which were left out and why. */
export function addedText(r: ReelAddView, reelName: string): string {
  const parts = [r.added.length ? `Added ${clips(r.added.length)} to “${reelName}”.` : `Nothing added to “${reelName}”.`];
  if (r.duplicates.length) parts.push(`${clips(r.duplicates.length)} ${r.duplicates.length === 1 ? 'was' : 'were'} already in it.`);
  if (r.missing.length) parts.push(`${clips(r.missing.length)} no longer in this study (deleted meanwhile).`);
  return parts.join(' ');
}

/** The Reels view's data: the study's reels and the open one's clips in order. Owns its IPC calls. */
export const useReels = create<ReelsState>((set, get) => {
  const ws = () => get().key!.workspaceId;
  const bump = () => set((s) => ({ version: s.version + 1 }));
  const readDetail = async (id: string) => {
    set({ detailStatus: 'loading', detailError: null });
    try {
      const detail = await call(api().reels.get({ workspace_id: ws(), id }));
      if (get().selectedId === id) set({ detail, detailStatus: 'ready' });
    } catch (e) {
      if (get().selectedId === id) set({ detailStatus: 'error', detailError: UiError.from(e) });
    }
  };
  const readList = async () => {
    const key = get().key!;
    const reels = await call(api().reels.list({ workspace_id: key.workspaceId, project_id: key.projectId }));
    // A reel deleted elsewhere is no longer open.
    const selectedId = reels.some((r) => r.id === get().selectedId) ? get().selectedId : (reels[0]?.id ?? null);
    set({ reels, status: 'ready', error: null, selectedId, ...(selectedId ? {} : { detail: null, detailStatus: 'idle' }) });
    return selectedId;
  };
  return {
    key: null,
    status: 'idle',
    reels: [],
    error: null,
    selectedId: null,
    detail: null,
    detailStatus: 'idle',
    detailError: null,
    announcement: '',
    version: 0,
    async open(key) {
      const same = get().key?.workspaceId === key.workspaceId && get().key?.projectId === key.projectId;
      set({ key, status: 'loading', error: null, ...(same ? {} : { reels: [], selectedId: null, detail: null, detailStatus: 'idle' }) });
      await get().reload();
    },
    async reload() {
      try {
        const id = await readList();
        if (id) await readDetail(id);
      } catch (e) {
        set({ status: 'error', error: UiError.from(e) });
      }
    },
    async select(id) {
      set({ selectedId: id, detail: get().detail?.reel.id === id ? get().detail : null });
      if (id) await readDetail(id);
    },
    async create(name) {
      const key = get().key!;
      const reel = await call(api().reels.create({ workspace_id: key.workspaceId, project_id: key.projectId, name }));
      set({ selectedId: reel.id, detail: null });
      bump();
      await readList();
      await readDetail(reel.id);
      return reel;
    },
    async rename(id, name) {
      const reel = await call(api().reels.rename({ workspace_id: ws(), id, name }));
      bump();
      await readList();
      const d = get().detail;
      if (d?.reel.id === id) set({ detail: { ...d, reel } });
      return reel;
    },
    async remove(id) {
      await call(api().reels.delete({ workspace_id: ws(), id }));
      bump();
      if (get().selectedId === id) set({ selectedId: null, detail: null });
      const next = await readList();
      if (next) await readDetail(next);
    },
    async addItems(highlightIds) {
      const id = get().selectedId!;
      const r = await call(api().reels.addItems({ workspace_id: ws(), id, highlight_ids: highlightIds }));
      bump();
      set({ announcement: addedText(r, get().detail?.reel.name ?? 'the reel') });
      await readList();
      await readDetail(id);
      return r;
    },
    async removeItem(highlightId) {
      const id = get().selectedId!;
      const item = get().detail?.items.find((i) => i.highlight_id === highlightId);
      await call(api().reels.removeItem({ workspace_id: ws(), id, highlight_id: highlightId }));
      bump();
      set({ announcement: item ? `Removed “${short(item.text)}” from the reel.` : 'Removed the clip from the reel.' });
      await readList();
      await readDetail(id);
    },
    async move(highlightId, position) {
      const before = get().detail;
      if (!before) return;
      const from = before.items.findIndex((i) => i.highlight_id === highlightId);
      const to = Math.min(Math.max(0, position), before.items.length - 1);
      if (from < 0 || from === to) return;
      const items = [...before.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved!);
      set({
        detail: { ...before, items: items.map((i, n) => ({ ...i, position: n })) },
        announcement: `Moved “${short(moved!.text)}” to position ${to + 1} of ${items.length}.`,
      });
      try {
        const detail = await call(api().reels.move({ workspace_id: ws(), id: before.reel.id, highlight_id: highlightId, position: to }));
        if (get().selectedId === before.reel.id) set({ detail });
        bump();
      } catch (e) {
        const err = UiError.from(e);
        set({ detail: before, announcement: `The clip was not moved: ${err.message}`, detailError: err });
      }
    },
    announce: (text) => set({ announcement: text }),
  };
});

/** A study's reels, for pickers outside the Reels view (a highlight card's "Add to reel…"). Throws a UiError. */
export async function listStudyReels(workspaceId: string, projectId: string): Promise<ReelView[]> {
  return call(api().reels.list({ workspace_id: workspaceId, project_id: projectId }));
}

async function studyReel(workspaceId: string, projectId: string, id: string): Promise<ReelView> {
  const reel = (await listStudyReels(workspaceId, projectId)).find((r) => r.id === id);
  if (!reel) throw new UiError('not_found', 'That reel is no longer in this study. Choose another.');
  return reel;
}

/** The study's highlights and coded segments, for the "Add from highlights…" picker. Throws a UiError. */
export async function listStudyHighlights(workspaceId: string, projectId: string): Promise<HighlightView[]> {
  return call(api().highlights.list({ workspace_id: workspaceId, project_id: projectId }));
}

/**
 * Adds one highlight to a reel (a new one when `newName` is given) from outside the Reels view; the Reels
 * view, if open on that study, reads the change. Throws a UiError.
 */
export async function addHighlightToReel(
  workspaceId: string,
  projectId: string,
  highlightId: string,
  target: { reelId: string } | { newName: string },
): Promise<{ reel: ReelView; result: ReelAddView }> {
  const reel =
    'reelId' in target
      ? await studyReel(workspaceId, projectId, target.reelId)
      : await call(api().reels.create({ workspace_id: workspaceId, project_id: projectId, name: target.newName }));
  const result = await call(api().reels.addItems({ workspace_id: workspaceId, id: reel.id, highlight_ids: [highlightId] }));
  const s = useReels.getState();
  useReels.setState({ version: s.version + 1 });
  if (s.key?.workspaceId === workspaceId && s.key.projectId === projectId) void s.reload();
  return { reel: { ...reel, clips: result.clips }, result };
}
