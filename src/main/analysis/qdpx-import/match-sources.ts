/**
 * Which interview of the study a QDA source is: Fieldwork's own GUIDs first, then the name, then the
 * transcript's words (planImport, plan.ts).
 */
import type { QdpxMatchedBy } from '../../../shared/ipc/channels/imports';
import { stableGuid } from '../../exports/qdpx/project';
import type { QdaSource } from './model';

/** An interview of the study as the import sees it (declared here, not in plan.ts, so the two never import each other). */
export type ImportInterview = { id: string; participant_name: string | null; transcript: TranscriptTurn[] };
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
export function fieldworkGuids(projectId: string, interviews: readonly ImportInterview[]): Map<string, ImportInterview> {
  const m = new Map<string, ImportInterview>();
  for (const iv of interviews) {
    for (const kind of ['source', 'transcript']) m.set(stableGuid('fieldwork', projectId, kind, iv.id), iv);
  }
  return m;
}

export function matchSource(
  source: QdaSource,
  byGuid: Map<string, ImportInterview>,
  interviews: readonly ImportInterview[],
  texts: { text: string }[],
  matcher: TextMatcher,
): { interview: ImportInterview; by: QdpxMatchedBy } | { interview: null; reason: string } {
  // 1. GUIDs Fieldwork wrote: the source's, a transcript's, or the transcript file Fieldwork named after it.
  const guids = [source.guid, ...source.transcripts.map((t) => t.guid)];
  const paths = [source.text?.plainTextPath, ...source.transcripts.map((t) => t.text.plainTextPath)];
  for (const p of paths) {
    const m = p && /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.txt$/i.exec(p);
    if (m) guids.push(m[1]!.toLowerCase());
  }
  for (const g of guids) {
    const iv = byGuid.get(g);
    if (iv) return { interview: iv, by: 'guid' };
  }
  // 2. The name: the interview id in it, or exactly the participant's name (when only one interview has it).
  const name = source.name.toLowerCase();
  if (name) {
    const byId = interviews.filter((iv) => name.includes(iv.id.toLowerCase()));
    if (byId.length === 1) return { interview: byId[0]!, by: 'name' };
    const bare = name
      .replace(/\.(txt|docx?|rtf|pdf|mp4|m4a|mp3|wav|webm|mov)$/i, '')
      .replace(/\s*\((transcript|interview)\)$|\s+transcript$/i, '')
      .trim();
    const byName = interviews.filter((iv) => iv.participant_name && iv.participant_name.trim().toLowerCase() === bare);
    if (byName.length === 1) return { interview: byName[0]!, by: 'name' };
  }
  // 3. The words: the interview whose turns the source's text holds most of.
  if (texts.length === 0)
    return { interview: null, reason: 'It has no transcript text, and neither its GUID nor its name matches an interview of this study.' };
  const best = matcher.best(texts.map((t) => t.text).join('\n'));
  if (best.interview) return { interview: best.interview, by: 'text' };
  return { interview: null, reason: `Neither its GUID, its name nor its text matches an interview of this study${best.why}.` };
}

/**
 * Matching by words, in linear time over many sources: every participant turn of some length is a key; a
 * source's lines (with any `Speaker:` label or time stamp taken off) vote for the interviews whose turns
 * they are. The interview with most of its turns found wins, if it has at least half of them and no other
 * interview has as many.
 */
export class TextMatcher {
  private readonly byTurn = new Map<string, Set<ImportInterview>>();
  private readonly keys = new Map<ImportInterview, number>();

  constructor(interviews: readonly ImportInterview[]) {
    for (const iv of interviews) {
      let n = 0;
      for (const t of iv.transcript) {
        // The interviewer asks the same questions everywhere: only answers tell interviews apart.
        if (t.role === 'AI') continue;
        const k = key(t.text);
        if (k.length < 12) continue;
        let set = this.byTurn.get(k);
        if (!set) this.byTurn.set(k, (set = new Set()));
        if (!set.has(iv)) {
          set.add(iv);
          n++;
        }
      }
      this.keys.set(iv, n);
    }
  }

  best(text: string): { interview: ImportInterview | null; why: string } {
    const votes = new Map<ImportInterview, number>();
    const seen = new Set<string>();
    for (const para of text.replace(/\r\n?/g, '\n').split(/\n\s*\n|\n/)) {
      const line = para
        .replace(/^\s*[[(]?\d{1,2}:\d{2}(:\d{2})?([.,]\d+)?[\])]?\s*/, '')
        .replace(/^[^:\n]{1,60}:\s+/, '')
        .trim();
      for (const candidate of [key(line), key(para)]) {
        if (seen.has(candidate)) continue;
        seen.add(candidate);
        for (const iv of this.byTurn.get(candidate) ?? []) votes.set(iv, (votes.get(iv) ?? 0) + 1);
      }
    }
    const ranked = [...votes].map(([iv, v]) => ({ iv, share: v / Math.max(1, this.keys.get(iv) ?? 1), v })).sort((a, b) => b.share - a.share || b.v - a.v);
    const top = ranked[0];
    if (!top) return { interview: null, why: '' };
    if (top.share < 0.5)
      return { interview: null, why: ` (its text holds ${Math.round(top.share * 100)}% of the answers of the closest interview, ${top.iv.id})` };
    if (ranked[1] && ranked[1].share === top.share && ranked[1].v === top.v)
      return { interview: null, why: ` (its text fits ${top.iv.id} and ${ranked[1].iv.id} equally)` };
    return { interview: top.iv, why: '' };
  }
}

const key = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
