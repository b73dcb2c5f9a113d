import { useEffect } from 'react';
import { create } from 'zustand';
import type { CodeView } from '../../../shared/ipc/channels/codes';
import { api, call, UiError } from '../../lib/api';
import { useHighlights } from '../highlights/store';

/**
 * The one codebook store: each study's codes, and every codebook call (codes.list, create, update, merge,
 * delete). The code picker, the viewer and the Codes view read the codebook from here, so a code renamed or
 * merged in one place is the code every other place shows and applies (codes travel by id).
 */

/** A study's codebook; kept while it reloads, so a list does not flash empty. */
export type Codebook = { status: 'loading' | 'ready' | 'error'; codes: CodeView[]; error: UiError | null };
export const NO_CODES: Codebook = { status: 'loading', codes: [], error: null };

export const codebookKey = (workspaceId: string, projectId: string) => `${workspaceId}/${projectId}`;

export type NewCodeInput = { name: string; description: string; parent_id: string | null; is_category: boolean; color?: string };
export type CodePatch = { name?: string; color?: string; description?: string; parent_id?: string | null };

type CodebookState = {
  /** Keyed by `codebookKey`. */
  books: Record<string, Codebook>;
  load(workspaceId: string, projectId: string): Promise<void>;
  /** Each of these throws a UiError (with main's code: conflict, invalid_input, …) and reloads the codebook after a change. */
  create(workspaceId: string, projectId: string, input: NewCodeInput): Promise<CodeView>;
  update(workspaceId: string, projectId: string, id: string, patch: CodePatch): Promise<CodeView>;
  merge(workspaceId: string, projectId: string, fromId: string, intoId: string): Promise<CodeView>;
  remove(workspaceId: string, projectId: string, id: string): Promise<number>;
};

export const useCodebooks = create<CodebookState>((set, get) => ({
  books: {},
  async load(workspaceId, projectId) {
    const key = codebookKey(workspaceId, projectId);
    set((s) => ({ books: { ...s.books, [key]: { ...(s.books[key] ?? NO_CODES), status: 'loading', error: null } } }));
    try {
      const codes = await call(api().codes.list({ workspace_id: workspaceId, project_id: projectId }));
      set((s) => ({ books: { ...s.books, [key]: { status: 'ready', codes, error: null } } }));
    } catch (e) {
      set((s) => ({ books: { ...s.books, [key]: { ...(s.books[key] ?? NO_CODES), status: 'error', error: UiError.from(e) } } }));
    }
  },
  async create(workspaceId, projectId, input) {
    const c = await call(api().codes.create({ workspace_id: workspaceId, project_id: projectId, ...input }));
    await get().load(workspaceId, projectId);
    return c;
  },
  async update(workspaceId, projectId, id, patch) {
    const c = await call(api().codes.update({ workspace_id: workspaceId, id, ...patch }));
    await get().load(workspaceId, projectId);
    return c;
  },
  async merge(workspaceId, projectId, fromId, intoId) {
    const c = await call(api().codes.merge({ workspace_id: workspaceId, from_id: fromId, into_id: intoId }));
    await get().load(workspaceId, projectId);
    return c;
  },
  async remove(workspaceId, projectId, id) {
    const { deleted_codings } = await call(api().codes.delete({ workspace_id: workspaceId, id }));
    await get().load(workspaceId, projectId);
    return deleted_codings;
  },
}));

/** A study's codebook as the store holds it (not loaded yet: loading, no codes). */
export function codebookOf(workspaceId: string, projectId: string): Codebook {
  return useCodebooks.getState().books[codebookKey(workspaceId, projectId)] ?? NO_CODES;
}

/** A study's codebook, loaded on mount and after every coding change (their counts order the picker's numbers). */
export function useCodebook(workspaceId: string, projectId: string): Codebook {
  const version = useHighlights((s) => s.version);
  const load = useCodebooks((s) => s.load);
  const book = useCodebooks((s) => s.books[codebookKey(workspaceId, projectId)]);
  useEffect(() => {
    void load(workspaceId, projectId);
  }, [workspaceId, projectId, version, load]);
  return book ?? NO_CODES;
}
