import type { CreditBalance } from '../../../shared/schemas/credits';
import type { AllowList, EmbedInfo } from '../../../shared/schemas/embed';
import type { StimulusRecord } from '../../../shared/schemas/stimulus';
import type { CacheDb } from '../open';
import { stmt } from './stmt';

export function saveStimuli(db: CacheDb, args: { projectId: string; items: StimulusRecord[] }): void {
  db.transaction(() => {
    stmt(db, 'DELETE FROM stimuli WHERE project_id = ?').run(args.projectId);
    const ins = stmt(
      db,
      'INSERT INTO stimuli (id, project_id, display_order, image_url, video_url, caption, question_items_json) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const s of args.items) ins.run(s.stimuli_id, args.projectId, s.display_order, s.image_url, s.video_url, s.caption, JSON.stringify(s.question_items));
  })();
}

export function listStimuli(db: CacheDb, args: { projectId: string }): StimulusRecord[] {
  return (
    stmt(db, 'SELECT id, display_order, image_url, video_url, caption, question_items_json FROM stimuli WHERE project_id = ? ORDER BY display_order').all(
      args.projectId,
    ) as {
      id: string;
      display_order: number;
      image_url: string | null;
      video_url: string | null;
      caption: string | null;
      question_items_json: string;
    }[]
  ).map((r) => ({
    stimuli_id: r.id,
    display_order: r.display_order,
    image_url: r.image_url,
    video_url: r.video_url,
    caption: r.caption,
    question_items: JSON.parse(r.question_items_json) as string[],
  }));
}

export type CachedEmbed = { embed: EmbedInfo | null; allowed_urls: string[] | null; synced_at: string };

export function saveEmbed(db: CacheDb, args: { projectId: string; embed?: EmbedInfo; allowList?: AllowList; now: string }): void {
  stmt(db, 'INSERT INTO embeds (project_id, synced_at) VALUES (?, ?) ON CONFLICT(project_id) DO UPDATE SET synced_at = excluded.synced_at').run(
    args.projectId,
    args.now,
  );
  if (args.embed) {
    stmt(db, 'UPDATE embeds SET embed_url = ?, interview_id = ?, snippets_json = ? WHERE project_id = ?').run(
      args.embed.embed_url,
      args.embed.interview_id,
      JSON.stringify(args.embed.snippets),
      args.projectId,
    );
  }
  if (args.allowList) stmt(db, 'UPDATE embeds SET allowed_urls_json = ? WHERE project_id = ?').run(JSON.stringify(args.allowList.allowed_urls), args.projectId);
}

export function getEmbed(db: CacheDb, args: { projectId: string }): CachedEmbed | null {
  const r = stmt(db, 'SELECT * FROM embeds WHERE project_id = ?').get(args.projectId) as
    { embed_url: string | null; interview_id: string | null; snippets_json: string | null; allowed_urls_json: string | null; synced_at: string } | undefined;
  if (!r) return null;
  return {
    embed:
      r.embed_url && r.interview_id && r.snippets_json
        ? { embed_url: r.embed_url, interview_id: r.interview_id, project_id: args.projectId, snippets: JSON.parse(r.snippets_json) as EmbedInfo['snippets'] }
        : null,
    allowed_urls: r.allowed_urls_json ? (JSON.parse(r.allowed_urls_json) as string[]) : null,
    synced_at: r.synced_at,
  };
}

export function saveCredits(db: CacheDb, args: { credits: CreditBalance; now: string }): void {
  stmt(db, 'INSERT OR REPLACE INTO credits (id, balance, trial_credits, synced_at) VALUES (1, ?, ?, ?)').run(
    args.credits.balance,
    args.credits.trial_credits,
    args.now,
  );
}

export function getCredits(db: CacheDb): (CreditBalance & { synced_at: string }) | null {
  return (stmt(db, 'SELECT balance, trial_credits, synced_at FROM credits WHERE id = 1').get() as (CreditBalance & { synced_at: string }) | undefined) ?? null;
}

export type SideReadKind = 'embed' | 'allow_list' | 'stimuli' | 'report' | 'credits';
/** Why each side read was not available at the last sync; a kind that is absent was read. */
export type SideReadGaps = Partial<Record<SideReadKind, string>>;

export function saveSideRead(db: CacheDb, args: { projectId: string | null; kind: SideReadKind; reason: string | null; now: string }): void {
  stmt(db, 'INSERT OR REPLACE INTO side_reads (project_id, kind, reason, checked_at) VALUES (?, ?, ?, ?)').run(
    args.projectId ?? '',
    args.kind,
    args.reason,
    args.now,
  );
}

export function sideReadGaps(db: CacheDb, args: { projectId: string | null }): SideReadGaps {
  const rows = stmt(db, 'SELECT kind, reason FROM side_reads WHERE project_id = ? AND reason IS NOT NULL').all(args.projectId ?? '') as {
    kind: SideReadKind;
    reason: string;
  }[];
  return Object.fromEntries(rows.map((r) => [r.kind, r.reason])) as SideReadGaps;
}
