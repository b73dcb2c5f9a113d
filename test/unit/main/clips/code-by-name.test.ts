// A code named on the command line (`fieldwork clips export --code NAME`) is resolved to one code, once, by
// name in any case; none or several is a usage error that says which.
import { describe, expect, it } from 'vitest';
import type { Cache } from '../../../../src/main/cache/cache';
import { readClipSources } from '../../../../src/main/clips/plan';
import type { CodeView } from '../../../../src/shared/ipc/channels/codes';

const code = (id: string, name: string, is_category = false): CodeView => ({
  id,
  project_id: 'p1',
  name,
  color: '#3b6fd4',
  description: '',
  parent_id: null,
  is_category,
  codings: 0,
  interviews: 0,
  created_at: '',
  updated_at: '',
});

/** A cache that answers the codebook, and records which code's segments were read. */
function cacheWith(codes: CodeView[]) {
  const read: string[] = [];
  const cache = {
    call: (op: string, args: { codeId?: string }) => {
      if (op === 'codes.list') return Promise.resolve(codes);
      if (op === 'codes.segments') {
        read.push(args.codeId!);
        return Promise.resolve([]);
      }
      return Promise.reject(new Error(`unexpected ${op}`));
    },
  } as unknown as Pick<Cache, 'call'>;
  return { cache, read };
}

describe('a code named on the command line', () => {
  it('is the one code of that name in any case, read by its id (a category of the same name aside)', async () => {
    const { cache, read } = cacheWith([code('cat', 'Price', true), code('c1', 'Price'), code('c2', 'Trust')]);
    const sources = await readClipSources(cache, 'p1', { kind: 'code', name: ' price ' });
    expect(sources.title).toBe('Price');
    expect(read).toEqual(['c1']);
  });

  it('is a usage error naming them when several codes have that name, and when none has', async () => {
    const { cache, read } = cacheWith([code('c1', 'Trust'), code('c2', 'trust')]);
    await expect(readClipSources(cache, 'p1', { kind: 'code', name: 'TRUST' })).rejects.toMatchObject({
      code: 'usage',
      message: expect.stringContaining('2 codes are called "TRUST" ("Trust", "trust")') as string,
    });
    await expect(readClipSources(cache, 'p1', { kind: 'code', name: 'Value' })).rejects.toMatchObject({ code: 'usage' });
    expect(read).toEqual([]);
  });
});
