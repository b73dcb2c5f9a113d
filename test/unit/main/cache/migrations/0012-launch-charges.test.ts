// Migration 0012: what each launch from this workspace charged, so the next launch can quote a price.
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { lastLaunchPrice, saveLaunchCharge } from '../../../../../src/main/cache/queries/launch-charges';
import { saveProjectList } from '../../../../../src/main/cache/queries/projects';
import { columns, migratedTo } from './support';

const charge = (projectId: string, launchedAt: string, perParticipantMinor: number | null) => ({
  projectId,
  launchedAt,
  targetParticipants: 20,
  trialCreditsUsed: 5,
  balanceCharged: perParticipantMinor === null ? null : `$${((perParticipantMinor * 15) / 100).toFixed(2)}`,
  perParticipantMinor,
});

describe('migration 0012: launch charges', () => {
  it('is version 12 and adds the launch_charges table', async () => {
    expect(MIGRATIONS[11]).toMatchObject({ version: 12, name: 'launch-charges' });
    const d = await migratedTo(11);
    await migrate(d, { migrations: MIGRATIONS.slice(0, 12) });
    expect(d.pragma('user_version', { simple: true })).toBe(12);
    expect(columns(d, 'launch_charges').map((c) => c.name)).toEqual([
      'project_id',
      'launched_at',
      'target_participants',
      'trial_credits_used',
      'balance_charged',
      'per_participant_minor',
    ]);
  });

  it('quotes the most recent launch that showed a price, with its study title; none before any launch', async () => {
    const d = await migratedTo(12);
    expect(lastLaunchPrice(d)).toBeNull();
    saveProjectList(d, {
      items: [
        {
          id: 'p1',
          title: 'Churn',
          status: 'IN_PROGRESS',
          created_at: 't',
          recruiting: { completed_participants: 0, has_launched: true, target_participants: 20, type: 'INTERNAL' },
        },
      ],
      syncedAt: 't',
    } as never);
    saveLaunchCharge(d, charge('p1', '2026-11-01T10:00:00Z', 500));
    expect(lastLaunchPrice(d)).toEqual({ per_participant_minor: 500, launched_at: '2026-11-01T10:00:00Z', project_id: 'p1', project_title: 'Churn' });
    saveLaunchCharge(d, charge('p2', '2026-11-02T10:00:00Z', 2500));
    expect(lastLaunchPrice(d)).toMatchObject({ per_participant_minor: 2500, project_id: 'p2', project_title: null });
    // A later launch that showed no price (all on trial credits) does not hide the last one that did.
    saveLaunchCharge(d, charge('p3', '2026-11-03T10:00:00Z', null));
    expect(lastLaunchPrice(d)).toMatchObject({ per_participant_minor: 2500, project_id: 'p2' });
    expect(() => saveLaunchCharge(d, charge('p4', 't', -1))).toThrow(/CHECK/);
  });
});
