import { WEBHOOK_SECRET_ACCOUNT } from '../secrets/secret-store';
import type { SecretStore } from '../secrets/secret-store';

/**
 * `FIELDWORK_API_KEY` over the real secret store, as CI tools expect: while it is set, reading a
 * workspace's key returns it instead of the keychain's. Everything else passes straight through:
 * `set` (so `workspace add` still stores the key in the keychain for later runs without the
 * variable), `delete`, and every account that is not a workspace key (the webhook secret, the demo
 * workspace's own key). Nothing here writes the key anywhere.
 */
export function createEnvKeyStore(inner: SecretStore, envKey: string | undefined, isWorkspaceAccount: (account: string) => boolean): SecretStore {
  const key = envKey?.trim() || null;
  if (!key) return inner;
  return {
    kind: inner.kind,
    warning: inner.warning,
    get: async (account) => (account !== WEBHOOK_SECRET_ACCOUNT && isWorkspaceAccount(account) ? key : inner.get(account)),
    set: (account, secret) => inner.set(account, secret),
    delete: (account) => inner.delete(account),
  };
}

/** The key from the environment, if any (blank counts as unset). */
export function envApiKey(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.FIELDWORK_API_KEY?.trim() || null;
}
