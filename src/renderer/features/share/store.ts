import { create } from 'zustand';
import type { EmbedView } from '../../../shared/ipc/channels/embed';
import { api, call, UiError } from '../../lib/api';

export type ShareSlice = { status: 'loading' } | { status: 'ready'; view: EmbedView } | { status: 'error'; error: UiError };

type ShareState = {
  /** Keyed by `${workspace}/${project}`. */
  byKey: Record<string, ShareSlice>;
  /**
   * Reads the sharing settings afresh, from "loading": main asks the service for the embed code and
   * allow-list each time the tab opens, so nothing from an earlier visit stands in for the answer.
   */
  load(workspaceId: string, projectId: string): Promise<void>;
  /** Saves the allow-list and shows what the service kept; throws a UiError the editor shows (its rows stay as typed). */
  saveAllowList(workspaceId: string, projectId: string, allowedUrls: string[]): Promise<EmbedView>;
};

const key = (w: string, p: string) => `${w}/${p}`;
export const LOADING: ShareSlice = { status: 'loading' };
export const shareSlice = (s: ShareState, w: string, p: string): ShareSlice => s.byKey[key(w, p)] ?? LOADING;

/** The read each study's tab is waiting for: an older read that answers late is dropped. */
const latest = new Map<string, number>();
let reads = 0;

export const useShare = create<ShareState>((set) => {
  const put = (k: string, slice: ShareSlice) => set((s) => ({ byKey: { ...s.byKey, [k]: slice } }));
  return {
    byKey: {},
    async load(workspaceId, projectId) {
      const k = key(workspaceId, projectId);
      const id = ++reads;
      latest.set(k, id);
      put(k, LOADING);
      try {
        const view = await call(api().embed.get({ workspace_id: workspaceId, project_id: projectId }));
        if (latest.get(k) === id) put(k, { status: 'ready', view });
      } catch (e) {
        if (latest.get(k) === id) put(k, { status: 'error', error: UiError.from(e) });
      }
    },
    async saveAllowList(workspaceId, projectId, allowedUrls) {
      let view: EmbedView;
      try {
        view = await call(api().embed.setAllowList({ workspace_id: workspaceId, project_id: projectId, allowed_urls: allowedUrls }));
      } catch (e) {
        throw UiError.from(e);
      }
      put(key(workspaceId, projectId), { status: 'ready', view });
      return view;
    },
  };
});

/** Copies through main (the page has no clipboard permission); throws a UiError saying why it could not. */
export async function copyText(text: string): Promise<void> {
  try {
    await call(api().app.copyText({ text }));
  } catch (e) {
    throw UiError.from(e);
  }
}
