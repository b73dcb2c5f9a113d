/**
 * A Standard Webhooks signing secret: "whsec_" and the key in base64, at least 24 random bytes once
 * decoded (what the service issues). An empty or weak key would let anyone who guesses it push events,
 * so it is refused when set, in the Settings form and in main alike. Returns why, or null when it is fine.
 */
export const WEBHOOK_SECRET_MIN_BYTES = 24;

export function webhookSecretProblem(secret: string): string | null {
  const s = secret.trim();
  if (s === '') return 'Paste the signing secret the service shows when you register the webhook.';
  if (!s.startsWith('whsec_')) return 'A signing secret starts with "whsec_". Paste it exactly as the service shows it.';
  const key = s.slice('whsec_'.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || key.length % 4 !== 0)
    return 'The part after "whsec_" is not valid base64. Paste the secret exactly as the service shows it.';
  const bytes = (key.length / 4) * 3 - (key.endsWith('==') ? 2 : key.endsWith('=') ? 1 : 0);
  if (bytes < WEBHOOK_SECRET_MIN_BYTES)
    return `This secret is too short to be safe (${bytes} bytes; at least ${WEBHOOK_SECRET_MIN_BYTES} are needed). Use the secret the service issued.`;
  if (new Set(key.replace(/=+$/, '')).size < 4) return 'This secret is not random enough to be safe. Use the secret the service issued.';
  return null;
}
