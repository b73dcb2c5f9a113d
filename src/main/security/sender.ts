/** The parts of Electron's WebFrameMain the sender check reads. */
export type FrameLike = { url: string; parent: FrameLike | null };

/**
 * Whether an IPC message comes from the app's own page: a real frame, the top-level one (not an
 * iframe), at one of the app's origins. Origins are compared as scheme://host[:port], because WHATWG
 * URL reports "null" as the origin of custom schemes such as app://.
 */
export function isTrustedSender(frame: FrameLike | null | undefined, allowedOrigins: readonly string[]): boolean {
  if (!frame || frame.parent !== null) return false;
  const origin = originOf(frame.url);
  return origin !== null && allowedOrigins.includes(origin);
}

export function originOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.username || u.password) return null;
  if (u.protocol === 'file:' || u.protocol === 'data:' || u.protocol === 'javascript:' || u.protocol === 'about:' || u.host === '') return null;
  return `${u.protocol}//${u.host}`.toLowerCase();
}
