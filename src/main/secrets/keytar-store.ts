import { createMemoryStore } from './memory-store';
import { NO_KEYCHAIN_WARNING, SECRET_SERVICE, type SecretStore } from './secret-store';

/** The keytar functions used, so the driver can be tested with a fake. */
export type KeytarLike = {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<{ account: string; password: string }[]>;
};

export function createKeytarStore(keytar: KeytarLike, service = SECRET_SERVICE): SecretStore {
  return {
    kind: 'keychain',
    warning: null,
    get: (account) => keytar.getPassword(service, account),
    set: (account, secret) => keytar.setPassword(service, account, secret),
    delete: (account) => keytar.deletePassword(service, account),
  };
}

const PROBE_ACCOUNT = '__fieldwork-probe__';

/**
 * Opens the OS keychain if one works, else falls back to memory and says so. The probe writes, reads
 * back and deletes a throwaway entry: keytar loads fine on Linux without a Secret Service, and a
 * Secret Service whose keyring is locked answers reads but refuses writes, so only a write proves it.
 */
export async function openSecretStore(
  load: () => Promise<KeytarLike> = loadKeytar,
  service = SECRET_SERVICE,
  onFallback: (reason: string) => void = () => {},
): Promise<SecretStore> {
  try {
    const keytar = await load();
    const token = `probe-${Date.now()}`;
    await keytar.setPassword(service, PROBE_ACCOUNT, token);
    const back = await keytar.getPassword(service, PROBE_ACCOUNT);
    await keytar.deletePassword(service, PROBE_ACCOUNT);
    if (back !== token) throw new Error('the keychain did not return what was stored');
    return createKeytarStore(keytar, service);
  } catch (e) {
    onFallback(e instanceof Error ? e.message : String(e));
    return createMemoryStore(NO_KEYCHAIN_WARNING);
  }
}

async function loadKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
  return mod.default ?? mod;
}
