// search.askedIn: the channel that lists the rest of a question hit's interviews. Its input is parsed like
// every channel's (bounded page, a question key, a study), and its handler hands the parsed page to the search service.
import { describe, expect, it } from 'vitest';
import { searchChannels } from '../../../../src/shared/ipc/channels/search';
import { createDispatcher } from '../../../../src/main/ipc/dispatcher';
import { searchHandlers } from '../../../../src/main/ipc/handlers/search';
import { silentLogger } from '../../../../src/main/logging/logger';
import type { SearchService } from '../../../../src/main/studies/search-service';

const input = searchChannels['search.askedIn'].input;
const ok = { workspace_id: 'w1', project_id: 'p1', question_key: 'how do you feel about the price', offset: 50, limit: 2000 };

describe('search.askedIn', () => {
  it('parses a study, a question key and a page', () => {
    expect(input.parse(ok)).toEqual(ok);
  });

  it.each([
    ['no question key', { ...ok, question_key: '' }],
    ['a question key past 2,000 characters', { ...ok, question_key: 'x'.repeat(2001) }],
    ['a negative offset', { ...ok, offset: -1 }],
    ['a fractional offset', { ...ok, offset: 1.5 }],
    ['a limit of 0', { ...ok, limit: 0 }],
    ['a limit past 5,000', { ...ok, limit: 5001 }],
    ['no study', { ...ok, project_id: undefined }],
    ['no page', { workspace_id: 'w1', project_id: 'p1', question_key: 'why' }],
  ])('rejects %s', (_what, bad) => {
    expect(input.safeParse(bad).success).toBe(false);
  });

  it('through the dispatcher: its handler asks the search service for that page of that question; a bad page never reaches it', async () => {
    const calls: unknown[][] = [];
    const page = { asked_count: 120, asked_in: [{ interview_id: 'i51', participant_name: null, start_ms: 0 }] };
    const search = {
      askedIn: (...args: unknown[]) => {
        calls.push(args);
        return Promise.resolve(page);
      },
    } as unknown as SearchService;
    const dispatch = createDispatcher(searchChannels, searchHandlers({ search }), silentLogger);
    expect(await dispatch('search.askedIn', ok)).toEqual({ ok: true, value: page });
    expect(calls).toEqual([['w1', 'p1', 'how do you feel about the price', { offset: 50, limit: 2000 }]]);
    expect(await dispatch('search.askedIn', { ...ok, limit: 100_000 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(calls).toHaveLength(1);
  });
});
