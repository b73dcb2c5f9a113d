import { installProcessGuard } from '../logging/process-guard';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isServiceError } from '../api/errors';
import type { Core } from '../core';
import { DEMO_WORKSPACE_ID } from '../demo/ids';
import { AppError, isAppError } from '../errors';
import { createLogger, type Logger } from '../logging/logger';
import { openSecretStore } from '../secrets/keytar-store';
import type { SecretStore } from '../secrets/secret-store';
import { createEnvKeyStore, envApiKey } from './env-key-store';
import { GROUPS } from './groups';
import { APP_ROOT, appVersion, cacheWorkerPath, fieldworkHome } from './home';
import { cliLogSink, Output } from './output';
import type { Command, Ctx, Io } from './types';

export type { Command, Ctx, Group, Io } from './types';

export const EXIT = { ok: 0, other: 1, usage: 2, auth: 3, network: 4, cancelled: 130 } as const;
const USAGE_CODES = new Set([
  'usage',
  'unknown_workspace_name',
  'unknown_project',
  'unknown_report_version',
  'unknown_coder',
  'unknown_reel',
  'report_versions_unrelated',
  'unknown_interview',
  'invalid_input',
  'export_unsafe_path',
  'export_bad_target',
]);
const AUTH_CODES = new Set(['invalid_api_key', 'key_missing', 'forbidden']);
const NOT_NETWORK = new Set(['aborted', 'response_too_large', 'file_changed']);

const TOP_USAGE = `Usage: fieldwork <command> [options] [--json]

Drives Fieldwork's offline cache and the Research Interview Service without the app.

Commands:
${GROUPS.map((g) => `  ${g.name.padEnd(10)} ${g.summary}`).join('\n')}

Every command takes --json (one JSON document on stdout) and --help.
Data lives in FIELDWORK_HOME (default: the app's data folder); FIELDWORK_API_KEY overrides the keychain.
Exit codes: 0 ok, 1 other error, 2 usage, 3 authentication, 4 network/offline.`;

export function exitCodeFor(e: unknown): number {
  if ((e as { code?: unknown } | null)?.code === 'cancelled') return EXIT.cancelled;
  if (!isAppError(e)) return EXIT.other;
  if (USAGE_CODES.has(e.code)) return EXIT.usage;
  const status = isServiceError(e) ? e.status : e.details.status;
  if (AUTH_CODES.has(e.code) || status === 401 || status === 403) return EXIT.auth;
  if (e.code === 'network_error' || e.code === 'timeout' || (status === 0 && !NOT_NETWORK.has(e.code))) return EXIT.network;
  return EXIT.other;
}

/** A usage error (exit 2); the first paragraph of `text`, the Usage line, is printed under the message. */
const usage = (message: string, text: string) => new AppError('usage', message, { usage: text });

function shortUsage(text: string): string {
  const command = /^Usage: (fieldwork(?: [a-z][a-z-]*){0,2})/.exec(text)?.[1] ?? 'fieldwork';
  return `${text.split('\n\n')[0]}\nRun \`${command} --help\` for details.`;
}

/** Finds the group and command named by argv, loading only that group; `help` answers are returned as text to print. */
async function select(argv: string[]): Promise<{ help: string } | { command: Command; rest: string[] }> {
  const [first, second] = argv;
  if (first === undefined) throw usage('Missing a command.', TOP_USAGE);
  if (first === '--help' || first === '-h') return { help: TOP_USAGE };
  if (first === 'help') return { help: (await GROUPS.find((g) => g.name === second)?.load())?.usage ?? TOP_USAGE };
  const entry = GROUPS.find((g) => g.name === first);
  if (!entry) throw usage(first.startsWith('-') ? `Unknown option "${first}" before the command.` : `Unknown command "${first}".`, TOP_USAGE);
  const group = await entry.load();
  const single = group.commands[''];
  if (single) return { command: single, rest: argv.slice(1) };
  if (second === '--help' || second === '-h') return { help: group.usage };
  const command = second === undefined ? undefined : group.commands[second];
  if (!command)
    throw usage(
      second === undefined ? `Missing the ${group.name} command (${Object.keys(group.commands).join(', ')}).` : `Unknown command "${group.name} ${second}".`,
      group.usage,
    );
  return { command, rest: argv.slice(2) };
}

function parse(command: Command, rest: string[]): { flags: Ctx['flags']; words: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    const flags = values as Ctx['flags'];
    if (!command.words && positionals.length > 0) throw usage(`Unexpected argument "${positionals[0]}".`, command.usage);
    const missing = flags.help ? undefined : (command.required ?? []).find((k) => typeof flags[k] !== 'string' || flags[k] === '');
    if (missing) throw usage(`Missing --${missing}.`, command.usage);
    if (command.words && positionals.length === 0 && !flags.help) throw usage(`Missing ${command.words}.`, command.usage);
    return { flags, words: positionals };
  } catch (e) {
    if (isAppError(e)) throw e;
    const m = /^(Unknown option|Option) '(-{1,2}[\w-]+)/.exec((e as Error).message);
    const what = m?.[1] === 'Unknown option' ? `Unknown option "${m[2]}".` : m ? `Option "${m[2]}" needs a value.` : 'Invalid arguments.';
    throw usage(what, command.usage);
  }
}

/** Whole milliseconds from `min` to `max` in `raw`, or undefined. */
function wholeMs(raw: string | undefined, min: number, max: number): number | undefined {
  const n = raw && /^[0-9]{1,5}$/.test(raw) ? Number(raw) : NaN;
  return n >= min && n <= max ? n : undefined;
}

/**
 * Waits that the CLI's own tests shorten. They run it as a child process against a sandbox, so they set these in its
 * environment: FIELDWORK_TEST_REPORT_POLL_MS (50 to 10,000) for how often report polls check (CoreOptions.reportPollMs:
 * `report start --wait` then waits on the report's state, not on the spec's 10 s), and FIELDWORK_TEST_RETRY_BASE_MS
 * (1 to 500) for the first retry step (CoreOptions.retryBaseDelayMs: a stopped service fails at once, after the same
 * attempts). A value out of range is ignored; users never need either.
 */
export function testWaits(env: NodeJS.ProcessEnv): { reportPollMs?: number; retryBaseDelayMs?: number } {
  const reportPollMs = wholeMs(env.FIELDWORK_TEST_REPORT_POLL_MS, 50, 10_000);
  const retryBaseDelayMs = wholeMs(env.FIELDWORK_TEST_RETRY_BASE_MS, 1, 500);
  return { ...(reportPollMs ? { reportPollMs } : {}), ...(retryBaseDelayMs ? { retryBaseDelayMs } : {}) };
}

/** The core and the key store behind it, opened on first use: `--help` and usage errors never need them. */
function lazyCore(home: string, envKey: string | null, log: Logger, waits: ReturnType<typeof testWaits>) {
  let core: Promise<Core> | null = null;
  let store: SecretStore | null = null;
  const open = async (): Promise<Core> => {
    store = await openSecretStore(undefined, undefined, (reason) => log.info('no usable keychain', { reason }));
    // The env key stands in for workspaces' keys only (never the demo's, which its own sandbox issues).
    let ref: Core | null = null;
    const isWorkspace = (account: string) => account !== DEMO_WORKSPACE_ID && !!ref?.workspaces.list().some((w) => w.id === account);
    const { createCore } = await import('../core');
    ref = createCore({
      dataDir: home,
      log,
      version: appVersion(),
      platform: process.platform,
      mediaDir: join(APP_ROOT, 'resources/sample-media'),
      secrets: createEnvKeyStore(store, envKey ?? undefined, isWorkspace),
      cacheWorker: { path: cacheWorkerPath() }, // the cache in its worker thread
      webhooks: false, // the receiver's port belongs to the app
      ...waits,
    });
    return ref;
  };
  return {
    get: () => (core ??= open()),
    opened: () => core,
    keyStorage: async (): Promise<SecretStore['kind']> => (await (core ??= open()), store!.kind),
  };
}

type LazyCore = ReturnType<typeof lazyCore>;

/** What a command gets (see Ctx): its one way into the core is the lazily opened core's services. */
function commandCtx(parsed: Pick<Ctx, 'flags' | 'words'>, base: Pick<Ctx, 'out' | 'home' | 'envKey' | 'stdin'>, core: LazyCore): Ctx {
  const services = async () => (await core.get()).services;
  return {
    ...base,
    ...parsed,
    keyStorage: core.keyStorage,
    services,
    workspace: async (name) => {
      const all = (await services()).workspaces.list();
      const found = all.find((w) => w.name.toLowerCase() === name.trim().toLowerCase());
      if (!found) throw new AppError('unknown_workspace_name', `No workspace called "${name}"; see \`fieldwork workspace list\`.`);
      return found;
    },
    exitCodeFor,
  };
}

/** Runs one command line and returns the exit code. Never throws; never prints a stack. */
export async function runCli(
  argv: string[],
  io: Io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env },
): Promise<number> {
  const out = new Output(io.stdout, io.stderr, argv.includes('--json'), io.env);
  const envKey = envApiKey(io.env);
  const log = createLogger(cliLogSink(io.env), { secrets: () => (envKey ? [envKey] : []) });
  const home = fieldworkHome(io.env);
  const core = lazyCore(home, envKey, log, testWaits(io.env));
  let interrupted = false;
  // Ctrl+C: say so once, silence the command, stop its work by closing the core, and exit 130.
  const onSigint = () => {
    interrupted = true;
    out.clearProgress();
    out.warn('Cancelled.');
    out.mute();
    void Promise.resolve(core.opened()?.then((c) => c.close()))
      .catch(() => undefined)
      .finally(() => setTimeout(() => process.exit(EXIT.cancelled), 1_000));
  };
  process.once('SIGINT', onSigint);
  // Background work (a resumed report poll, say) may still settle while the core closes: log it, never crash.
  installProcessGuard(log);
  try {
    const picked = await select(argv);
    const parsed = 'help' in picked ? null : parse(picked.command, picked.rest);
    if (!parsed || parsed.flags.help) {
      io.stdout.write(`${'help' in picked ? picked.help : picked.command.usage}\n`);
      return EXIT.ok;
    }
    const ctx = commandCtx(parsed, { out, home, envKey, stdin: io.stdin }, core);
    const code = (await (picked as { command: Command }).command.run(ctx)) ?? EXIT.ok;
    return interrupted ? EXIT.cancelled : code;
  } catch (e) {
    if (interrupted) return EXIT.cancelled;
    const code = exitCodeFor(e);
    if (isAppError(e) && e.code === 'usage') out.usageError(e.message, shortUsage(String(e.details.usage)));
    else out.failure(e, code, log);
    return code;
  } finally {
    process.removeListener('SIGINT', onSigint);
    const opened = core.opened();
    if (opened) await (await opened.catch(() => null))?.close().catch((e: unknown) => log.warn('close failed', { error: e }));
  }
}
