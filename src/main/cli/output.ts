import { MARK_END, MARK_START } from '../cache/queries/search-marks';
import { isAppError } from '../errors';
import { stderrSink, type LogLevel, type Logger, type LogSink } from '../logging/logger';

/** The parts of a stream the CLI writes to, so output can be tested without a terminal. */
export type OutStream = { write(s: string): unknown; isTTY?: boolean; columns?: number };

/**
 * Where a command's output goes. Human text by default; with --json, exactly one JSON document on
 * stdout (written by `json`) and nothing else there. Warnings and errors always go to stderr.
 */
export class Output {
  private bar: Progress | null = null;
  private muted = false;

  constructor(
    readonly stdout: OutStream,
    readonly stderr: OutStream,
    readonly isJson: boolean,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /**
   * A line of human output; ignored in --json mode, where the JSON document is the whole answer. Every
   * line passes `terminalSafe` here, at the one place text reaches stdout, so no command can forget it:
   * only Fieldwork's own bold marks (from `highlight`) become escape sequences.
   */
  line(text = ''): void {
    if (!this.isJson && !this.muted) this.stdout.write(`${withBold(terminalSafe(text))}\n`);
  }

  /** JSON escapes C0 controls itself; C1 controls, DEL and bidi controls are escaped here as well. */
  json(value: unknown): void {
    if (!this.muted) this.stdout.write(`${escapeJsonText(JSON.stringify(value, null, 2))}\n`);
  }

  warn(text: string): void {
    if (!this.muted) this.stderr.write(`${terminalSafe(text)}\n`);
  }

  /** Nothing more is printed (after Ctrl+C, whatever the interrupted command still says). */
  mute(): void {
    this.muted = true;
  }

  /** A usage error: the message and a short usage on stderr (exit 2). */
  usageError(message: string, shortUsage: string): void {
    this.clearProgress();
    this.stderr.write(`fieldwork: ${message}\n${shortUsage}\n`);
    if (this.isJson) this.json({ error: { code: 'usage', message, exit_code: 2 } });
  }

  /** Any other failure: one human line on stderr (the AppError's message, never a stack); with --json, also an error document. */
  failure(e: unknown, exitCode: number, log: Logger): void {
    this.clearProgress();
    const cancelled = (e as { code?: unknown } | null)?.code === 'cancelled';
    const known = isAppError(e) || cancelled;
    let message = known ? (e as Error).message : `Something went wrong inside Fieldwork (${e instanceof Error ? e.message : String(e)}).`;
    if (isAppError(e) && e.code === 'key_missing') message += ' Or set FIELDWORK_API_KEY for this run.';
    if (!known) log.error('command failed', { error: e });
    this.stderr.write(`${clean(message)}\n`);
    if (this.isJson)
      this.json({ error: { code: isAppError(e) ? e.code : cancelled ? 'cancelled' : 'internal', message: clean(message), exit_code: exitCode } });
  }

  /** The progress line on stderr: drawn only on a terminal and never with --json. */
  progress(): Progress {
    const bar = (this.bar ??= createProgress(this.stderr, !this.isJson && this.stderr.isTTY === true));
    return { update: (label, done, total) => (this.muted ? undefined : bar.update(label, done, total)), clear: () => bar.clear() };
  }

  /** Removes the progress line, if one is showing (before an error or a result is printed). */
  clearProgress(): void {
    this.bar?.clear();
  }

  /** How search matches are shown on stdout: bold on a colour terminal, [[brackets]] otherwise. */
  get markStyle(): MarkStyle {
    return this.stdout.isTTY === true && !this.env.NO_COLOR ? 'ansi' : 'brackets';
  }
}

/** Log lines (JSON, secrets redacted) on stderr only when FIELDWORK_LOG names a level: debug, info, warn or error. */
export function cliLogSink(env: NodeJS.ProcessEnv): LogSink {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  const min = order.indexOf((env.FIELDWORK_LOG ?? '') as LogLevel);
  return (line) => {
    if (min >= 0 && order.indexOf(line.level) >= min) stderrSink(line);
  };
}

export type MarkStyle = 'ansi' | 'brackets' | 'plain';

/**
 * Replaces the cache's match marks (U+0002 … U+0003) for a terminal: ANSI bold on a TTY, `[[…]]`
 * when piped (so matches stay visible in logs and greppable), or nothing at all with 'plain'.
 * Any other control character in the text is dropped, so service data cannot drive the terminal.
 */
export function highlight(snippet: string, style: MarkStyle): string {
  const [open, close] = style === 'ansi' ? [BOLD_ON, BOLD_OFF] : style === 'brackets' ? ['[[', ']]'] : ['', ''];
  let out = '';
  for (const ch of snippet.replace(ESCAPE_SEQUENCE, '').replace(BIDI, '')) {
    if (ch === MARK_START) out += open;
    else if (ch === MARK_END) out += close;
    else if (ch !== BOLD_ON && ch !== BOLD_OFF) out += isControl(ch) ? (ch === '\n' || ch === '\t' ? ' ' : '') : ch;
  }
  return out;
}

/** Placeholders `highlight` writes for bold; Output.line turns them into ANSI after making the line safe. */
const BOLD_ON = '\uE000';
const BOLD_OFF = '\uE001';
const withBold = (text: string) => text.replaceAll(BOLD_ON, '\u001b[1m').replaceAll(BOLD_OFF, '\u001b[22m');

/** ESC and C1-introduced sequences (CSI, OSC, DCS, …) whole, so no stray "[2J" is left behind. */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]|(?:\u001b[\]PX^_]|[\u0090\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g;
/** Bidirectional overrides, embeddings and isolates, and the direction marks: they can make text read backwards. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text that cannot drive a terminal: escape sequences (ESC, CSI, OSC, …), BEL and every other C0 control
 * but line feed and tab, DEL, C1 controls and bidi controls are removed. Applied to every line the CLI
 * prints, whatever its source.
 */
export function terminalSafe(text: string): string {
  let out = '';
  for (const ch of text.replace(ESCAPE_SEQUENCE, '').replace(BIDI, '')) out += isControl(ch) && ch !== '\n' && ch !== '\t' ? '' : ch;
  return out;
}

/** JSON text with C1 controls, DEL and bidi controls written as \u escapes (they only occur inside strings). */
export function escapeJsonText(json: string): string {
  return json.replace(/[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Drops control characters (escape sequences included) from service text before it reaches a terminal. */
export function clean(text: string): string {
  return terminalSafe(text).replace(/[\n\t]/g, ' ');
}

function isControl(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

export type Progress = { update(label: string, done: number, total: number | null): void; clear(): void };

/** A single status line rewritten in place with \r; a no-op when disabled. Writes only on change. */
export function createProgress(stream: OutStream, enabled: boolean): Progress {
  let last = '';
  return {
    update(label, done, total) {
      if (!enabled) return;
      const width = Math.max(20, Math.min(stream.columns || 80, 120) - 1);
      const known = total !== null && total > 0;
      const share = known ? Math.min(1, Math.max(0, done / total)) : 0;
      const barWidth = 24;
      const filled = Math.round(share * barWidth);
      const bar = known ? `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%` : '[working…]';
      const counts = known ? ` ${done}/${total}` : done > 0 ? ` ${done}` : '';
      const text = `${terminalSafe(label).replace(/\s+/g, ' ')} ${bar}${counts}`.slice(0, width);
      if (text === last) return;
      last = text;
      stream.write(`\r${text}\u001b[K`);
    },
    clear() {
      if (!enabled || last === '') return;
      stream.write('\r\u001b[K');
      last = '';
    },
  };
}

/** The terminal input a hidden prompt needs. */
export type PromptInput = {
  isTTY?: boolean;
  setRawMode?(raw: boolean): unknown;
  on(event: 'data', fn: (chunk: Buffer | string) => void): unknown;
  removeListener(event: 'data', fn: (chunk: Buffer | string) => void): unknown;
  resume(): unknown;
  pause(): unknown;
};

/**
 * Reads a secret from the terminal without echoing it. Enter finishes, Backspace deletes, Ctrl+C
 * cancels (rejects with code 'cancelled'). The typed text is never written anywhere.
 */
export function promptHidden(question: string, input: PromptInput, output: OutStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    output.write(question);
    input.setRawMode?.(true);
    const finish = (err: Error | null) => {
      input.removeListener('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish(null);
        if (ch === '\u0003') return finish(Object.assign(new Error('Cancelled.'), { code: 'cancelled' }));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}

/** 0:09, 12:30, 1:02:03 */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
