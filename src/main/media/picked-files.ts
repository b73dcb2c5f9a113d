import { randomBytes } from 'node:crypto';
import { isAbsolute } from 'node:path';

/** How long a token stays good: long enough for a queue of uploads, short enough not to linger. */
const TTL_MS = 6 * 3600_000;
const MAX_TOKENS = 1000;

/**
 * Files the researcher picked or dropped, by an opaque token. Only the preload (for a File the browser
 * handed it, through webUtils) and the test host's stand-in register paths; the page only ever holds the
 * token, so a compromised page cannot name a file on disk for main to read and upload.
 */
export class PickedFiles {
  private readonly byToken = new Map<string, { path: string; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  register(path: string): string {
    if (typeof path !== 'string' || !isAbsolute(path) || path.includes('\0')) throw new Error('not a file path');
    const now = this.now();
    for (const [t, e] of this.byToken) if (e.expires < now) this.byToken.delete(t);
    // Bounded: the oldest goes first.
    while (this.byToken.size >= MAX_TOKENS) this.byToken.delete(this.byToken.keys().next().value!);
    const token = `file_${randomBytes(18).toString('base64url')}`;
    this.byToken.set(token, { path, expires: now + TTL_MS });
    return token;
  }

  /** The picked file's path, or null for a token this process never issued (or one that expired). */
  resolve(token: string): string | null {
    const e = this.byToken.get(token);
    if (!e || e.expires < this.now()) return null;
    return e.path;
  }
}
