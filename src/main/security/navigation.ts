import { originOf } from './sender';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://fieldwork';

/** Any navigation away from the app's own origin is cancelled: links open nothing inside the window. */
export function isAppUrl(url: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && allowedOrigins.includes(origin);
}

export function guardNavigation(event: { preventDefault(): void }, url: string, allowedOrigins: readonly string[]): void {
  if (!isAppUrl(url, allowedOrigins)) event.preventDefault();
}

/**
 * Only https links to hosts on the list may open in the system browser; everything else is dropped.
 * No userinfo (https://trusted@evil), no other schemes (file:, smb:, ms-msdt:, javascript:).
 */
export function isSafeExternalUrl(url: string, allowedHosts: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password) return false;
  const host = u.hostname.toLowerCase();
  return allowedHosts.some((h) => h.toLowerCase() === host);
}

/** setWindowOpenHandler: never a new Electron window; vetted links go to the system browser. */
export function windowOpenHandler(url: string, allowedHosts: readonly string[], openExternal: (url: string) => void): { action: 'deny' } {
  if (isSafeExternalUrl(url, allowedHosts)) openExternal(url);
  return { action: 'deny' };
}
