import { NO_KEYCHAIN_WARNING, type SecretStore } from './secret-store';

export function createMemoryStore(warning: string | null = NO_KEYCHAIN_WARNING): SecretStore {
  const secrets = new Map<string, string>();
  return {
    kind: 'memory',
    warning,
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => {
      secrets.set(account, secret);
    },
    delete: async (account) => secrets.delete(account),
  };
}
