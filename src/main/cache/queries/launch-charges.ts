import type { LaunchPrice } from '../../../shared/views';
import type { CacheDb } from '../open';
import { stmt } from './stmt';

export type LaunchCharge = {
  projectId: string;
  launchedAt: string;
  targetParticipants: number;
  trialCreditsUsed: number | null;
  /** As the service wrote it, e.g. "$75.00". */
  balanceCharged: string | null;
  perParticipantMinor: number | null;
};

export function saveLaunchCharge(db: CacheDb, c: LaunchCharge): void {
  stmt(
    db,
    `INSERT OR REPLACE INTO launch_charges (project_id, launched_at, target_participants, trial_credits_used, balance_charged, per_participant_minor)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(c.projectId, c.launchedAt, c.targetParticipants, c.trialCreditsUsed, c.balanceCharged, c.perParticipantMinor);
}

/** The price per participant the most recent launch that showed one was charged, or null when none did. */
export function lastLaunchPrice(db: CacheDb): LaunchPrice {
  const r = stmt(
    db,
    `SELECT c.per_participant_minor, c.launched_at, c.project_id, p.title
     FROM launch_charges c LEFT JOIN projects p ON p.id = c.project_id
     WHERE c.per_participant_minor IS NOT NULL ORDER BY c.launched_at DESC LIMIT 1`,
  ).get() as { per_participant_minor: number; launched_at: string; project_id: string; title: string | null } | undefined;
  return r ? { per_participant_minor: r.per_participant_minor, launched_at: r.launched_at, project_id: r.project_id, project_title: r.title } : null;
}
