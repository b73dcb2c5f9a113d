import type { ProjectGuide } from '../../../shared/views';
import type { ProjectListItem } from '../../../shared/schemas/project';
import type { CacheDb } from '../open';
import { stmt } from './stmt';

export type CachedProject = {
  id: string;
  title: string;
  status: string;
  type: string | null;
  created_at: string | null;
  recruiting_type: string | null;
  completed_participants: number;
  target_participants: number | null;
  has_launched: boolean;
  listed: boolean;
  synced_at: string | null;
  /** When the latest interview saved here was completed; null when none is (the cache knows no other activity time). */
  last_interview_at: string | null;
};

export type GuideInput = {
  project_id: string;
  interview_id?: string | null;
  research_objective?: string | null;
  intro_message?: string | null;
  end_message?: string | null;
  languages?: { language_name: string; accent: string }[];
  interaction_modes?: string[];
  call_url?: string | null;
  questions?: { question: string; probing_level: string }[];
  type?: string | null;
  title?: string;
  /** Where this knowledge came from: created here, a PATCH answer, the external endpoint, the demo seed. */
  source: 'created' | 'patched' | 'external' | 'demo' | 'launched';
};

export type CachedGuide = ProjectGuide;

type Row = Omit<CachedProject, 'has_launched' | 'listed'> & { has_launched: number; listed: number };
const toProject = (r: Row): CachedProject => ({ ...r, has_launched: r.has_launched === 1, listed: r.listed === 1 });

/** Replaces the project list with the service's; projects it no longer lists stay, marked unlisted. */
export function saveProjectList(db: CacheDb, args: { items: ProjectListItem[]; syncedAt: string }): void {
  const upsert = stmt(
    db,
    `INSERT INTO projects (id, title, status, type, created_at, recruiting_type, completed_participants, target_participants, has_launched, listed, synced_at)
     VALUES (@id, @title, @status, @type, @created_at, @recruiting_type, @completed, @target, @launched, 1, @synced_at)
     ON CONFLICT(id) DO UPDATE SET title = excluded.title, status = excluded.status, type = COALESCE(excluded.type, projects.type),
       created_at = excluded.created_at, recruiting_type = excluded.recruiting_type, completed_participants = excluded.completed_participants,
       target_participants = excluded.target_participants, has_launched = excluded.has_launched, listed = 1, synced_at = excluded.synced_at`,
  );
  db.transaction(() => {
    stmt(db, 'UPDATE projects SET listed = 0').run();
    for (const p of args.items) {
      upsert.run({
        id: p.id,
        title: p.title,
        status: p.status,
        type: p.type && p.type !== 'unknown' ? p.type : null,
        created_at: p.created_at,
        recruiting_type: p.recruiting?.type ?? null,
        completed: p.recruiting?.completed_participants ?? 0,
        target: p.recruiting?.target_participants ?? null,
        launched: p.recruiting?.has_launched ? 1 : 0,
        synced_at: args.syncedAt,
      });
    }
  })();
}

/** Projects with the completion time of their latest saved interview (the studies list's "last activity"). */
const WITH_ACTIVITY = 'SELECT p.*, (SELECT MAX(i.completed_at) FROM interviews i WHERE i.project_id = p.id) AS last_interview_at FROM projects p';

export function listProjects(db: CacheDb): CachedProject[] {
  return (stmt(db, `${WITH_ACTIVITY} WHERE p.listed = 1 ORDER BY p.created_at DESC, p.title`).all() as Row[]).map(toProject);
}

export function getProject(db: CacheDb, args: { id: string }): (CachedProject & { guide: CachedGuide | null }) | null {
  const row = stmt(db, `${WITH_ACTIVITY} WHERE p.id = ?`).get(args.id) as Row | undefined;
  if (!row) return null;
  return { ...toProject(row), guide: getGuide(db, { projectId: args.id }) };
}

export function getGuide(db: CacheDb, args: { projectId: string }): CachedGuide | null {
  const g = stmt(db, 'SELECT * FROM project_guides WHERE project_id = ?').get(args.projectId) as
    (Omit<CachedGuide, 'languages' | 'interaction_modes' | 'questions'> & { languages_json: string; interaction_modes_json: string }) | undefined;
  if (!g) return null;
  const questions = stmt(db, 'SELECT question, probing_level FROM questions WHERE project_id = ? ORDER BY position').all(
    args.projectId,
  ) as CachedGuide['questions'];
  return {
    interview_id: g.interview_id,
    research_objective: g.research_objective,
    intro_message: g.intro_message,
    end_message: g.end_message,
    languages: JSON.parse(g.languages_json) as CachedGuide['languages'],
    interaction_modes: JSON.parse(g.interaction_modes_json) as string[],
    call_url: g.call_url,
    questions,
    source: g.source,
    updated_at: g.updated_at,
  };
}

/** Records what this app knows of a project's guide; fields left undefined keep their stored value. */
export function saveGuide(db: CacheDb, args: { guide: GuideInput; now: string }): void {
  const g = args.guide;
  db.transaction(() => {
    stmt(db, "INSERT INTO projects (id, title, status, type, listed) VALUES (?, ?, 'unknown', ?, 1) ON CONFLICT(id) DO NOTHING").run(
      g.project_id,
      g.title ?? '',
      g.type ?? null,
    );
    if (g.type) stmt(db, 'UPDATE projects SET type = ? WHERE id = ?').run(g.type, g.project_id);
    if (g.title) stmt(db, "UPDATE projects SET title = ? WHERE id = ? AND (title = '' OR ? = 'patched')").run(g.title, g.project_id, g.source);
    const cur = getGuide(db, { projectId: g.project_id });
    const pick = <K extends keyof CachedGuide>(k: K, v: CachedGuide[K] | undefined): CachedGuide[K] | null => (v !== undefined ? v : (cur?.[k] ?? null));
    stmt(
      db,
      `INSERT OR REPLACE INTO project_guides (project_id, interview_id, research_objective, intro_message, end_message, languages_json, interaction_modes_json, call_url, source, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      g.project_id,
      pick('interview_id', g.interview_id ?? undefined),
      pick('research_objective', g.research_objective ?? undefined),
      pick('intro_message', g.intro_message ?? undefined),
      g.end_message === undefined ? (cur?.end_message ?? null) : g.end_message,
      JSON.stringify(g.languages ?? cur?.languages ?? []),
      JSON.stringify(g.interaction_modes ?? cur?.interaction_modes ?? []),
      pick('call_url', g.call_url ?? undefined),
      g.source,
      args.now,
    );
    if (g.questions) {
      stmt(db, 'DELETE FROM questions WHERE project_id = ?').run(g.project_id);
      const ins = stmt(db, 'INSERT INTO questions (project_id, position, question, probing_level) VALUES (?, ?, ?, ?)');
      g.questions.forEach((q, i) => ins.run(g.project_id, i, q.question, q.probing_level));
    }
  })();
}
