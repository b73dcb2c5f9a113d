import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

/** A workspace as stored on disk. The API key is not here: it lives in the secret store. */
export const workspaceRecord = z.object({
  id: z.string(),
  name: z.string(),
  base_url: z.string(),
  organisation_id: z.string().nullable(),
  is_demo: z.boolean(),
  created_at: z.string(),
});
export type WorkspaceRecord = z.infer<typeof workspaceRecord>;

const file = z.object({ version: z.literal(1), workspaces: z.array(workspaceRecord) });

/** The list of workspaces, in a small JSON file replaced atomically on every change. */
export class WorkspaceRegistry {
  private records: WorkspaceRecord[];

  constructor(private readonly path: string) {
    this.records = existsSync(path) ? file.parse(JSON.parse(readFileSync(path, 'utf8'))).workspaces : [];
  }

  list(): WorkspaceRecord[] {
    return [...this.records];
  }

  get(id: string): WorkspaceRecord | null {
    return this.records.find((w) => w.id === id) ?? null;
  }

  upsert(record: WorkspaceRecord): void {
    this.records = [...this.records.filter((w) => w.id !== record.id), record];
    this.save();
  }

  remove(id: string): boolean {
    const before = this.records.length;
    this.records = this.records.filter((w) => w.id !== id);
    this.save();
    return this.records.length < before;
  }

  private save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: 1, workspaces: this.records }, null, 2));
    renameSync(tmp, this.path);
  }
}
