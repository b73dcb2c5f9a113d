// Migration 0013: a balance or trial-credit count the service left out is stored as not stated, not as 0.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { getCredits, saveCredits } from '../../../../../src/main/cache/queries/project-extras';
import { creditBalance } from '../../../../../src/shared/schemas/credits';
import { columns, migratedTo } from './support';

describe('migration 0013: credits may be unstated', () => {
  it('is version 13, makes balance and trial_credits nullable and keeps the stored row', async () => {
    expect(MIGRATIONS[12]).toMatchObject({ version: 13, name: 'credits-unstated' });
    const d = await migratedTo(12);
    saveCredits(d, { credits: { balance: '$120.00', trial_credits: 3 }, now: 't1' });
    await migrate(d, { migrations: MIGRATIONS.slice(0, 13) });
    expect(d.pragma('user_version', { simple: true })).toBe(13);
    expect(columns(d, 'credits').map((c) => [c.name, c.notnull])).toEqual([
      ['id', 0],
      ['balance', 0],
      ['trial_credits', 0],
      ['synced_at', 1],
    ]);
    expect(getCredits(d)).toEqual({ balance: '$120.00', trial_credits: 3, synced_at: 't1' });
  });

  it('stores a reply without a balance or trial credits as null, never as 0 or an empty balance', async () => {
    const d = await migratedTo(13);
    saveCredits(d, { credits: creditBalance.parse({}), now: 't2' });
    expect(getCredits(d)).toEqual({ balance: null, trial_credits: null, synced_at: 't2' });
    expect(() => d.prepare('INSERT OR REPLACE INTO credits (id, balance, trial_credits, synced_at) VALUES (2, null, null, ?)').run('t')).toThrow(/CHECK/);
  });
});
