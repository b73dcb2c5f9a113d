import type { HighlightView } from '../../../shared/ipc/channels/cache-domains';

/** A selection in the transcript, as the viewer reports it: turn indexes plus character offsets in each turn's text. */
export type TranscriptRange = { start_turn: number; start_offset: number; end_turn: number; end_offset: number; start_ms: number | null; quote: string };
export type HighlightContext = { workspaceId: string; projectId: string; interviewId: string };

/** Opens the "add highlight" dialog (tags and a note) for a transcript selection. */
export function requestHighlight(ctx: HighlightContext, range: TranscriptRange): void {
  void ctx;
  void range;
}

/** The highlights of one interview, for marking the transcript. */
export function useInterviewHighlights(workspaceId: string, interviewId: string): HighlightView[] {
  void workspaceId;
  void interviewId;
  return [];
}
