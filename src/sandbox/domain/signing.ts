import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-signed links with an expiry, like a storage CDN's: tampering with the path or expiry breaks them. */
export function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('base64url');
}

export function signedQuery(secret: string, path: string, expiresAtSeconds: number): string {
  return `expires=${expiresAtSeconds}&sig=${sign(secret, `${path}\n${expiresAtSeconds}`)}`;
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

export function checkSignedQuery(secret: string, path: string, query: URLSearchParams, nowMs: number): SignatureCheck {
  const expires = Number(query.get('expires'));
  const sig = query.get('sig') ?? '';
  if (!Number.isInteger(expires) || sig === '') return 'invalid';
  if (!safeEqual(sig, sign(secret, `${path}\n${expires}`))) return 'invalid';
  return nowMs >= expires * 1000 ? 'expired' : 'ok';
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
