import type { AskedIn } from '../../../shared/ipc/channels/search';
import type { SearchHit } from './search';

/**
 * Search results as they cross from the cache thread to main. A question result lists the interviews that
 * asked it (the first page of them: search.askedIn gives the rest); structured clone copies each of those
 * small objects key by key (20-45 ms for 10,000 on this machine, when a result listed them all), while the
 * same values in flat arrays (one per field) cross in about a tenth of that. Main rebuilds the objects, so callers
 * see exactly what the search returned.
 */
export type PackedAskedIn = { interview_ids: string[]; participant_names: (string | null)[]; codes: string[]; start_ms: (number | null)[] };
type WireHit = Omit<SearchHit, 'asked_in'> & { asked_in?: PackedAskedIn };

// The lists are kept by search-questions.ts while the cache is unchanged, so the same list is packed once.
const packed = new WeakMap<AskedIn[], PackedAskedIn>();

function pack(list: AskedIn[]): PackedAskedIn {
  let p = packed.get(list);
  if (!p) {
    p = {
      interview_ids: list.map((a) => a.interview_id),
      participant_names: list.map((a) => a.participant_name),
      codes: list.map((a) => a.code),
      start_ms: list.map((a) => a.start_ms),
    };
    packed.set(list, p);
  }
  return p;
}

export function packSearchHits(hits: SearchHit[]): WireHit[] {
  return hits.map((h) => (h.asked_in ? { ...h, asked_in: pack(h.asked_in) } : (h as WireHit)));
}

export function unpackSearchHits(hits: WireHit[]): SearchHit[] {
  return hits.map((h) => {
    if (!h.asked_in) return h as SearchHit;
    const { interview_ids, participant_names, codes, start_ms } = h.asked_in;
    const asked_in: AskedIn[] = new Array<AskedIn>(interview_ids.length);
    for (let i = 0; i < interview_ids.length; i++)
      asked_in[i] = { interview_id: interview_ids[i]!, participant_name: participant_names[i]!, code: codes[i]!, start_ms: start_ms[i]! };
    return { ...h, asked_in };
  });
}
