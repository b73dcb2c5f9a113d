// A small study in an in-process cache for the clip export's tests: four interviews in order of completion
// (P01 has no name, 2 is Bea, 3 is Cy with no saved video, 4 is Dee whose turns have no readable
// time), the same four timed turns each (3 s, 13 s, 23 s, 33 s, 8 s long), and a way to code segments.
import type { Cache } from '../../src/main/cache/cache';
import { interviewRecord } from '../../src/shared/schemas/interview';
import { codingCache, NOW, P } from './coding-cache';

/** The study's id. */
export const CLIP_PROJECT = P;

export const CLIP_TURNS: [string, string][] = [
  ['AI', 'Why did you sign up?'],
  ['User', 'A friend told me about the recipes.'],
  ['AI', 'What made you cancel?'],
  ['User', 'The boxes were too dear.'],
];

/** Interviews with a saved video; i-c has none. */
export const CLIP_VIDEOS: Record<string, string> = { 'i-a': '/videos/a.webm', 'i-b': '/videos/b.webm', 'i-d': '/videos/d.webm' };

function record(id: string, completedAt: string, name: string | null, timed = true) {
  return interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: completedAt,
    participant: name ? { name, email: `${name.toLowerCase()}@example.com` } : null,
    transcript: CLIP_TURNS.map(([role, text], i) => ({ role, text, ...(timed ? { start_ms: 3000 + i * 10_000, end_ms: 3000 + i * 10_000 + 8000 } : {}) })),
  });
}

/** Marks an interview's video as saved for offline, at `file`. */
export async function saveClipVideo(cache: Pick<Cache, 'call'>, projectId: string, interviewId: string, file: string): Promise<void> {
  await cache.call('videos.save', {
    video: {
      interview_id: interviewId,
      project_id: projectId,
      file,
      content_type: 'video/webm',
      bytes_total: 1,
      bytes_done: 1,
      state: 'complete',
      updated_at: '',
    },
  });
}

export async function clipStudy(): Promise<{ cache: Cache; highlight(interviewId: string, st: number, et: number, tags?: string[]): Promise<string> }> {
  const cache = await codingCache();
  await cache.call('interviews.saveFullRecords', {
    projectId: P,
    items: [
      record('i-b', '2026-02-02T00:00:00Z', 'Bea'),
      record('i-a', '2026-02-01T00:00:00Z', null),
      record('i-c', '2026-02-03T00:00:00Z', 'Cy'),
      record('i-d', '2026-02-04T00:00:00Z', 'Dee', false),
    ],
    now: NOW,
  });
  const highlight = async (interviewId: string, st: number, et: number, tags = ['Price']) =>
    (
      await cache.call('highlights.add', {
        highlight: {
          project_id: P,
          interview_id: interviewId,
          start_turn: st,
          start_offset: 0,
          end_turn: et,
          end_offset: CLIP_TURNS[et]![1].length,
          start_ms: null,
          quote: CLIP_TURNS[st]![1],
          note: '',
          new_codes: tags,
        },
        now: NOW,
      })
    ).id;
  return { cache, highlight };
}
