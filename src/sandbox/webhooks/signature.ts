import { createHmac, randomBytes } from 'node:crypto';

/**
 * The sandbox signs webhooks the Standard Webhooks way (the real service's scheme is not shown):
 *   webhook-id: msg_<id>          webhook-timestamp: <unix seconds>
 *   webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<raw body>")>
 * where key is the base64-decoded part of the secret after "whsec_".
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}
