import type { z } from 'zod';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';

/** Checks a number field with the schema main uses; the message says what to type instead. */
export function checkNumber(schema: z.ZodType<number>, raw: string): { value: number; error: null } | { value: null; error: string } {
  const t = raw.trim();
  if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return { value: null, error: 'Enter a number.' };
  const r = schema.safeParse(Number(t));
  if (r.success) return { value: r.data, error: null };
  const msg = r.error.issues[0]?.message ?? 'This value is not allowed';
  return { value: null, error: msg.endsWith('.') ? msg : `${msg}.` };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  if (mb < 1024) return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
  return `${(mb / 1024).toFixed(1)} GB`;
}

/** The consequence, spelled out: what goes, and that the studies on the service stay. */
export function removalText(w: Pick<WorkspaceSummary, 'name' | 'key_storage'>, purge: boolean, videoBytes: number | null): string {
  const key = w.key_storage === 'keychain' ? 'Its API key is deleted from the keychain' : 'Its API key is forgotten';
  const data = !purge
    ? ''
    : videoBytes === null
      ? ', and its saved data and offline videos are deleted'
      : videoBytes === 0
        ? ', and its saved data is deleted (it has no offline videos)'
        : `, and its saved data and ${formatBytes(videoBytes)} of offline videos are deleted`;
  return `Remove '${w.name}'. ${key}${data}. Studies on the service are not affected.`;
}
