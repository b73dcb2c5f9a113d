import { useEffect } from 'react';
import { create } from 'zustand';
import type { PlacedTurnRange } from '../../../shared/analysis/turn-range';
import type { CodeChoice, HighlightView } from '../../../shared/ipc/channels/highlights';
import { api, call, UiError } from '../../lib/api';
import { quoteCitation } from '../../lib/timecode';

/** A selection in the transcript, as the viewer reports it: the shared turn range, with its start and words. */
export type TranscriptRange = PlacedTurnRange;
export type HighlightContext = { workspaceId: string; projectId: string; interviewId: string };

export type HighlightList = { status: 'loading' | 'ready' | 'error'; items: HighlightView[]; error: UiError | null };

/** What the code picker is open for: coding a selection, or recoding an existing coding. */
export type CodingRequest =
  { ctx: HighlightContext; kind: 'new'; range: TranscriptRange } | { ctx: HighlightContext; kind: 'recode'; highlight: HighlightView };

const EMPTY: HighlightList = { status: 'loading', items: [], error: null };
const NONE: HighlightView[] = [];

type HighlightsState = {
  /** Keyed `${workspace}/i/${interview}` and `${workspace}/p/${project}`. */
  lists: Record<string, HighlightList>;
  /** Bumped by every add, edit and delete, so every list showing highlights reloads. */
  version: number;
  /** What the code picker is open for (a selection to code, or a coding to recode). */
  pending: CodingRequest | null;
  load(key: string, input: { workspace_id: string; interview_id?: string; project_id?: string }): Promise<void>;
  /** Codes the selection: `codes` are codebook codes by id and new codes by name. */
  add(ctx: HighlightContext, range: TranscriptRange, codes: CodeChoice, note: string): Promise<HighlightView>;
  /** Note, recode (`codes` replace its codes) or move/resize (`range`). */
  update(workspaceId: string, id: string, patch: { codes?: CodeChoice; note?: string; range?: TranscriptRange }): Promise<HighlightView | null>;
  remove(workspaceId: string, id: string): Promise<void>;
};

export const interviewKey = (workspaceId: string, interviewId: string) => `${workspaceId}/i/${interviewId}`;
export const projectKey = (workspaceId: string, projectId: string) => `${workspaceId}/p/${projectId}`;

export const useHighlights = create<HighlightsState>((set, get) => ({
  lists: {},
  version: 0,
  pending: null,
  async load(key, input) {
    if (!get().lists[key]) set((s) => ({ lists: { ...s.lists, [key]: EMPTY } }));
    try {
      const items = await call(api().highlights.list(input));
      set((s) => ({ lists: { ...s.lists, [key]: { status: 'ready', items, error: null } } }));
    } catch (e) {
      set((s) => ({
        lists: { ...s.lists, [key]: { status: s.lists[key]?.items.length ? 'ready' : 'error', items: s.lists[key]?.items ?? [], error: UiError.from(e) } },
      }));
    }
  },
  async add(ctx, range, codes, note) {
    const h = await call(
      api().highlights.add({
        workspace_id: ctx.workspaceId,
        project_id: ctx.projectId,
        interview_id: ctx.interviewId,
        start_turn: range.start_turn,
        start_offset: range.start_offset,
        end_turn: range.end_turn,
        end_offset: range.end_offset,
        start_ms: range.start_ms === null ? null : Math.max(0, Math.round(range.start_ms)),
        quote: range.quote,
        note,
        code_ids: codes.code_ids,
        new_codes: codes.new_codes,
      }),
    );
    set((s) => ({ version: s.version + 1 }));
    return h;
  },
  async update(workspaceId, id, { range, codes, note }) {
    const h = await call(
      api().highlights.update({
        workspace_id: workspaceId,
        id,
        ...(note !== undefined ? { note } : {}),
        ...(codes ? { code_ids: codes.code_ids, new_codes: codes.new_codes } : {}),
        ...(range
          ? {
              range: {
                start_turn: range.start_turn,
                start_offset: range.start_offset,
                end_turn: range.end_turn,
                end_offset: range.end_offset,
                start_ms: range.start_ms === null ? null : Math.max(0, Math.round(range.start_ms)),
                quote: range.quote,
              },
            }
          : {}),
      }),
    );
    set((s) => ({ version: s.version + 1 }));
    return h;
  },
  async remove(workspaceId, id) {
    await call(api().highlights.delete({ workspace_id: workspaceId, id }));
    set((s) => ({ version: s.version + 1 }));
  },
}));

/** Copies a highlight's quote with who said it and when, through main (the page has no clipboard permission); throws a UiError. */
export async function copyQuote(h: HighlightView, who: string): Promise<void> {
  try {
    await call(api().app.copyText({ text: quoteCitation(h.quote, who, h.start_ms) }));
  } catch (e) {
    throw UiError.from(e);
  }
}

/** The highlights of one interview, for marking the transcript; reloads after any change. */
export function useInterviewHighlights(workspaceId: string, interviewId: string): HighlightView[] {
  return useHighlightList(interviewKey(workspaceId, interviewId), { workspace_id: workspaceId, interview_id: interviewId }).items;
}

/** A list of highlights kept fresh: loaded on mount and after every add, edit or delete. */
export function useHighlightList(key: string, input: { workspace_id: string; interview_id?: string; project_id?: string; code_id?: string }): HighlightList {
  const version = useHighlights((s) => s.version);
  const load = useHighlights((s) => s.load);
  const list = useHighlights((s) => s.lists[key]);
  const inputKey = JSON.stringify(input);
  useEffect(() => {
    void load(key, JSON.parse(inputKey) as typeof input);
  }, [key, inputKey, version, load]);
  return list ?? { ...EMPTY, items: NONE };
}
