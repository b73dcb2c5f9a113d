import type { SandboxDb } from './db';

export type Presign = {
  file_id: string;
  project_id: string;
  org_id: string;
  storage_key: string;
  content_type: string;
  filename: string;
  max_bytes: number;
  expires_at: number;
};

export function savePresign(db: SandboxDb, p: Presign): void {
  db.prepare(
    `INSERT OR REPLACE INTO presigns (file_id, project_id, org_id, storage_key, content_type, filename, max_bytes, expires_at)
     VALUES (@file_id, @project_id, @org_id, @storage_key, @content_type, @filename, @max_bytes, @expires_at)`,
  ).run(p);
}

export function getPresign(db: SandboxDb, fileId: string): Presign | null {
  return (db.prepare('SELECT * FROM presigns WHERE file_id = ?').get(fileId) as Presign | undefined) ?? null;
}

export function getPresignByKey(db: SandboxDb, storageKey: string): Presign | null {
  return (db.prepare('SELECT * FROM presigns WHERE storage_key = ?').get(storageKey) as Presign | undefined) ?? null;
}

export type StoredObject = { storage_key: string; content_type: string; size: number };

export function putObject(db: SandboxDb, key: string, contentType: string, data: Buffer, nowIso: string): void {
  db.prepare('INSERT OR REPLACE INTO objects (storage_key, content_type, size, data, created_at) VALUES (?, ?, ?, ?, ?)').run(
    key,
    contentType,
    data.length,
    data,
    nowIso,
  );
}

export function headObject(db: SandboxDb, key: string): StoredObject | null {
  return (db.prepare('SELECT storage_key, content_type, size FROM objects WHERE storage_key = ?').get(key) as StoredObject | undefined) ?? null;
}

/** Reads a byte range straight out of the blob so a Range request does not load a 100 MB video. */
export function readObjectRange(db: SandboxDb, key: string, start: number, endInclusive: number): Buffer | null {
  const row = db.prepare('SELECT substr(data, ?, ?) AS chunk FROM objects WHERE storage_key = ?').get(start + 1, endInclusive - start + 1, key) as
    { chunk: Buffer } | undefined;
  return row ? row.chunk : null;
}
