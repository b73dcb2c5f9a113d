import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Cache } from '../cache/cache';
import type { SecretStore } from '../secrets/secret-store';
import { EMPTY_MAPPING, type PseudonymMapping } from './pseudonyms';

/**
 * The pseudonym mapping at rest: AES-256-GCM, one key per study kept in the OS keychain (the secret store),
 * the study's id bound in as associated data so a sealed mapping cannot be moved to another study. The cache
 * file alone therefore never shows who "[Person A]" is.
 */
export const mappingKeyAccount = (projectId: string) => `redaction-key:${projectId}`;

export type LoadedMapping = { mapping: PseudonymMapping; warning: string | null };

async function keyFor(secrets: SecretStore, account: string, create: boolean): Promise<Buffer | null> {
  const stored = await secrets.get(account);
  if (stored) {
    const key = Buffer.from(stored, 'base64');
    if (key.length === 32) return key;
  }
  if (!create) return null;
  const key = randomBytes(32);
  await secrets.set(account, key.toString('base64'));
  return key;
}

export function seal(key: Buffer, projectId: string, mapping: PseudonymMapping): { iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(projectId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(mapping), 'utf8'), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

export function unseal(key: Buffer, projectId: string, sealed: { iv: Uint8Array; tag: Uint8Array; ciphertext: Uint8Array }): PseudonymMapping {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv));
  decipher.setAAD(Buffer.from(projectId, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag));
  const json = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext)), decipher.final()]).toString('utf8');
  const m = JSON.parse(json) as PseudonymMapping;
  if (m?.version !== 1 || !Array.isArray(m.persons) || !Array.isArray(m.participants)) throw new Error('not a pseudonym mapping');
  return m;
}

/**
 * The study's mapping, or an empty one the first time. When the keychain no longer has its key (another
 * machine, a keychain reset, or no keychain at all in the last session), the old mapping cannot be read: a
 * new one is started and the warning says that pseudonyms of earlier exports may not match.
 */
export async function loadMapping(cache: Cache, secrets: SecretStore, projectId: string): Promise<LoadedMapping> {
  const row = await cache.call('redaction.mapping', { projectId });
  if (!row) return { mapping: EMPTY_MAPPING, warning: null };
  const key = await keyFor(secrets, row.key_account, false);
  if (key) {
    try {
      return { mapping: unseal(key, projectId, row), warning: null };
    } catch {
      // Falls through: a key that does not open the mapping is as good as none.
    }
  }
  return {
    mapping: EMPTY_MAPPING,
    warning:
      'The key that unlocks this study’s pseudonym mapping is not in the system keychain, so a new mapping was started: people may get different letters than in earlier redacted exports. Restore the keychain entry to trace earlier pseudonyms.',
  };
}

export async function saveMapping(cache: Cache, secrets: SecretStore, projectId: string, mapping: PseudonymMapping, now: string): Promise<void> {
  const account = mappingKeyAccount(projectId);
  const key = (await keyFor(secrets, account, false)) ?? (await keyFor(secrets, account, true))!;
  const sealed = seal(key, projectId, mapping);
  await cache.call('redaction.saveMapping', { projectId, key_account: account, ...sealed, updated_at: now });
}

/** The mapping in clear, for the researcher who wants to re-identify (never exported, never sent anywhere). */
export async function readMapping(cache: Cache, secrets: SecretStore, projectId: string): Promise<PseudonymMapping | null> {
  const loaded = await loadMapping(cache, secrets, projectId);
  return loaded.warning ? null : loaded.mapping;
}
