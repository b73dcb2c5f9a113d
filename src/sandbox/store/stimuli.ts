import type { SandboxDb } from './db';

export type Stimulus = {
  id: string;
  project_id: string;
  display_order: number;
  kind: 'image' | 'video';
  storage_key: string;
  content_type: string;
  caption: string | null;
  question_items: string[];
};

type Row = Omit<Stimulus, 'question_items'> & { question_items_json: string };
const toStimulus = (r: Row): Stimulus => ({ ...r, question_items: JSON.parse(r.question_items_json) as string[] });

export function listStimuli(db: SandboxDb, projectId: string): Stimulus[] {
  return (
    db
      .prepare(
        'SELECT id, project_id, display_order, kind, storage_key, content_type, caption, question_items_json FROM stimuli WHERE project_id = ? ORDER BY display_order, created_at',
      )
      .all(projectId) as Row[]
  ).map(toStimulus);
}

export function getStimulus(db: SandboxDb, projectId: string, id: string): Stimulus | null {
  const row = db
    .prepare('SELECT id, project_id, display_order, kind, storage_key, content_type, caption, question_items_json FROM stimuli WHERE project_id = ? AND id = ?')
    .get(projectId, id) as Row | undefined;
  return row ? toStimulus(row) : null;
}

export function insertStimulus(db: SandboxDb, s: Omit<Stimulus, 'display_order'>, nowIso: string): Stimulus {
  const order = (db.prepare('SELECT COALESCE(MAX(display_order), 0) + 1 AS n FROM stimuli WHERE project_id = ?').get(s.project_id) as { n: number }).n;
  db.prepare(
    `INSERT INTO stimuli (id, project_id, display_order, kind, storage_key, content_type, caption, question_items_json, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(s.id, s.project_id, order, s.kind, s.storage_key, s.content_type, s.caption, JSON.stringify(s.question_items), nowIso);
  return { ...s, display_order: order };
}

export function updateStimulus(db: SandboxDb, s: Stimulus): void {
  db.prepare('UPDATE stimuli SET caption = ?, question_items_json = ? WHERE id = ? AND project_id = ?').run(
    s.caption,
    JSON.stringify(s.question_items),
    s.id,
    s.project_id,
  );
}

/** Returns how many stimuli lost an assignment. */
export function clearAssignments(db: SandboxDb, projectId: string): number {
  return db.prepare("UPDATE stimuli SET question_items_json = '[]' WHERE project_id = ? AND question_items_json <> '[]'").run(projectId).changes;
}
