/**
 * A structured logger that redacts secrets at any depth before anything leaves it. The API key must
 * never reach a log, so anything that looks like a key header or a key-named field is masked.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export type Logger = {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
};
export type LogSink = (line: { level: LogLevel; msg: string; time: string } & LogFields) => void;

const SECRET_KEYS = /^(x-api-key|api[_-]?key|apikey|authorization|password|secret|token)$/i;

export function redact(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (depth > 8) return '[deep]';
  if (typeof value === 'string') return secrets.reduce((s, k) => (k.length >= 8 ? s.split(k).join('[redacted]') : s), value);
  if (Array.isArray(value)) return value.map((v) => redact(v, secrets, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redact(value.message, secrets, depth + 1) };
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[redact(k, secrets, depth + 1) as string] = SECRET_KEYS.test(k) ? '[redacted]' : redact(v, secrets, depth + 1);
    }
    return out;
  }
  return value;
}

export function createLogger(sink: LogSink, opts: { secrets?: () => readonly string[]; now?: () => number } = {}): Logger {
  const emit =
    (level: LogLevel) =>
    (msg: string, fields: LogFields = {}) => {
      const secrets = opts.secrets?.() ?? [];
      sink({ level, msg: redact(msg, secrets) as string, time: new Date(opts.now?.() ?? Date.now()).toISOString(), ...(redact(fields, secrets) as LogFields) });
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

export const silentLogger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** JSON lines on stderr, for the CLI and the Electron main process. */
export const stderrSink: LogSink = (line) => {
  process.stderr.write(`${JSON.stringify(line)}\n`);
};
