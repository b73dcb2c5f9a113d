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

/**
 * Opens the OS keychain if one answers, else falls back to memory and says so. The probe is a real
 * call: keytar loads fine on Linux without a Secret Service and only fails when used.
 */
export async function openSecretStore(load: () => Promise<KeytarLike> = loadKeytar, service = SECRET_SERVICE): Promise<SecretStore> {
  try {
    const keytar = await load();
    await keytar.findCredentials(service);
    return createKeytarStore(keytar, service);
  } catch {
    return createMemoryStore(NO_KEYCHAIN_WARNING);
  }
}

async function loadKeytar(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
  return mod.default ?? mod;
}
