import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { settingsPatch } from '../../../src/shared/ipc/channels/settings';
import { webhookSecretProblem } from '../../../src/shared/webhook-secret';

describe('webhook signing secrets', () => {
  it('accepts what the service issues: whsec_ and 24 or more random bytes in base64', () => {
    for (const n of [24, 32, 64]) expect(webhookSecretProblem(`whsec_${randomBytes(n).toString('base64')}`)).toBeNull();
  });

  it.each([
    ['empty', '', /Paste the signing secret/],
    ['no prefix', randomBytes(24).toString('base64'), /starts with "whsec_"/],
    ['not base64', 'whsec_not*base64!', /not valid base64/],
    ['too short', `whsec_${randomBytes(16).toString('base64')}`, /too short .*16 bytes/],
    ['not random', `whsec_${Buffer.alloc(30, 0).toString('base64')}`, /not random enough/],
  ])('refuses %s with a clear message', (_name, secret, message) => {
    expect(webhookSecretProblem(secret)).toMatch(message);
  });

  it('main refuses a weak secret at the IPC boundary; an empty one clears it', () => {
    expect(settingsPatch.safeParse({ webhook_secret: 'secret123' }).success).toBe(false);
    expect(settingsPatch.safeParse({ webhook_secret: '' }).success).toBe(true);
    expect(settingsPatch.safeParse({ webhook_secret: `whsec_${randomBytes(24).toString('base64')}` }).success).toBe(true);
  });
});
