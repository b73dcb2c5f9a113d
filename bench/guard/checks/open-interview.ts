import Database from 'better-sqlite3';
import type { GuardCheck } from '../check';
import { LONG_TURNS, type Fixture } from '../fixture';

/**
 * Opening an interview as the viewer's IPC handler reads it (interviews.get for the record and its turns,
 * then videos.get, through the cache worker), against the raw SQL read of its turns on a plain connection
 * to the same cache file. The interview is the fixture's long one, so the turns dominate both.
 */
export const OPEN_LIMIT = 4;

export const openInterviewCheck = (f: Fixture): GuardCheck => ({
  id: 'open',
  contender: `open a ${LONG_TURNS}-turn interview`,
  baseline: 'raw SELECT of its turns',
  limit: OPEN_LIMIT,
  plan: { pairs: 21, minPairs: 7, budgetMs: 5_000 },
  prepare: async () => {
    const raw = new Database(f.cacheFile, { readonly: true });
    const turns = raw.prepare('SELECT idx, role, text, start_ms, end_ms FROM transcript_turns WHERE interview_id = ? ORDER BY idx');
    const id = f.longInterviewId;
    return {
      contender: async () => {
        const i = await f.cache.call('interviews.get', { id });
        await f.cache.call('videos.get', { interviewId: id });
        if (i?.transcript.length !== LONG_TURNS) throw new Error(`interviews.get returned ${i?.transcript.length ?? 'no'} turns, not ${LONG_TURNS}.`);
      },
      baseline: () => {
        const n = turns.all(id).length;
        if (n !== LONG_TURNS) throw new Error(`The raw read found ${n} turns, not ${LONG_TURNS}.`);
      },
      close: async () => {
        raw.close();
      },
    };
  },
});
