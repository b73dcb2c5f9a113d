import type { SandboxDb } from './db';

export function getAllowList(db: SandboxDb, projectId: string): string[] {
  const row = db.prepare('SELECT urls_json FROM allow_lists WHERE project_id = ?').get(projectId) as { urls_json: string } | undefined;
  return row ? (JSON.parse(row.urls_json) as string[]) : [];
}

export function setAllowList(db: SandboxDb, projectId: string, urls: string[]): void {
  db.prepare('INSERT OR REPLACE INTO allow_lists (project_id, urls_json) VALUES (?, ?)').run(projectId, JSON.stringify(urls));
}
