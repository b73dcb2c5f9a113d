import { realpathSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/**
 * Maps app://fieldwork/<path> to a file inside the built renderer, or null. Encoded traversal
 * (..%2f), NUL bytes, absolute paths, other hosts and symlinks pointing outside are all refused.
 */
export function resolveAppAsset(
  rootDir: string,
  requestUrl: string,
  realpath: (p: string) => string = realpathSync,
  isFile: (p: string) => boolean = (p) => statSync(p).isFile(),
): { path: string; contentType: string } | null {
  let u: URL;
  try {
    u = new URL(requestUrl);
  } catch {
    return null;
  }
  if (u.protocol !== 'app:' || u.hostname !== 'fieldwork') return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const rel = pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  if (isAbsolute(rel)) return null;
  const root = resolve(rootDir);
  const candidate = resolve(join(root, rel));
  if (!inside(root, candidate)) return null;
  let real: string;
  try {
    real = realpath(candidate);
  } catch {
    return null;
  }
  let realRoot: string;
  try {
    realRoot = realpath(root);
  } catch {
    return null;
  }
  if (!inside(realRoot, real)) return null;
  // Directories (app://fieldwork/assets/) are not assets: never hand one to net.fetch.
  try {
    if (!isFile(real)) return null;
  } catch {
    return null;
  }
  return { path: real, contentType: TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream' };
}

function inside(root: string, p: string): boolean {
  const r = relative(root, p);
  return r !== '' && !r.startsWith('..') && !isAbsolute(r);
}
