/**
 * Where API keys live: the OS keychain through keytar, or, where none is reachable, this process's
 * memory for the session. Never a file: there is deliberately no plaintext fallback.
 */
export type SecretStore = {
  readonly kind: 'keychain' | 'memory';
  /** Set when keys will not survive a restart, in words a researcher can act on. */
  readonly warning: string | null;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
};

export const SECRET_SERVICE = 'Fieldwork';

export const NO_KEYCHAIN_WARNING =
  'No system keychain is available, so API keys are kept in memory for this session only and must be entered again after a restart. On Linux, install and unlock a Secret Service such as GNOME Keyring.';

/** The keychain account that holds the webhook signing secret (workspace keys use their own accounts). */
export const WEBHOOK_SECRET_ACCOUNT = 'webhook-secret';
