// npm run perf:guard — a quick check (under a minute, in CI) that the paths the bench measures have not
// become slower: each check times the app's path and a raw baseline alternately in one run and fails when
// the ratio of their medians is over its limit. See docs/perf-guard.md.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GuardCheck } from './check';
import { buildCli, cliStartupCheck } from './checks/cli-startup';
import { openInterviewCheck } from './checks/open-interview';
import { redactionScanCheck } from './checks/redaction-scan';
import { resyncCheck } from './checks/resync';
import { searchCheck } from './checks/search';
import { openFixture, type Fixture } from './fixture';
import { judge, probedChecks, selectedChecks, PROBE_FACTOR, repeated, sampleInterleaved, summary, verdictLine, type Verdict } from './judge';
import { ms, out } from '../lib/format';
import { machine, machineLine } from '../lib/machine';

const CHECK_IDS = ['cli', 'search', 'open', 'resync', 'redact'];

const USAGE = `Usage: npm run perf:guard -- [--probe CHECK[,CHECK…]|all] [--only CHECK[,CHECK…]] [--no-build]

  --probe CHECK   make that check's contender do its real work ${PROBE_FACTOR} times per sample (${CHECK_IDS.join(', ')}, or all):
                  the check must then fail. Also PERF_GUARD_PROBE=CHECK.
  --only CHECK    run only these checks (the CLI bundle is built only for cli)
  --no-build      time the CLI bundle already in out/cli instead of building it from the sources first`;

async function runCheck(check: GuardCheck, probed: boolean): Promise<Verdict> {
  const work = await check.prepare();
  let v: Verdict;
  try {
    const contender = repeated(work.contender, probed ? PROBE_FACTOR : 1);
    // One untimed round each: the first call pays for statement preparation, JIT and the page cache.
    await contender();
    await work.baseline();
    const samples = await sampleInterleaved(contender, work.baseline, check.plan);
    v = judge(check.id, samples, check.limit, probed);
  } finally {
    await work.close?.();
  }
  out(verdictLine(v, check));
  const note = work.note?.();
  if (note) out(`         ${note}`);
  return v;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    out(USAGE);
    return 0;
  }
  const unknown = argv.filter(
    (a, i) =>
      a.startsWith('--') &&
      !['--probe', '--only', '--no-build'].includes(a) &&
      !/^--(probe|only)=/.test(a) &&
      !['--probe', '--only'].includes(argv[i - 1] ?? ''),
  );
  if (unknown.length) throw new Error(`Unknown option ${unknown.join(', ')}.\n\n${USAGE}`);
  const probes = probedChecks(argv, process.env, CHECK_IDS);
  const selected = selectedChecks(argv, CHECK_IDS);
  const root = process.cwd();
  if (!existsSync(join(root, 'src/main/sync/engine.ts'))) throw new Error('Run the guard from the repository root (npm run perf:guard).');

  const started = performance.now();
  const phase = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
    const s = performance.now();
    const v = await fn();
    out(`  ${label}: ${ms(performance.now() - s)}`);
    return v;
  };
  out(`perf:guard · ${machineLine(machine())}${probes.size ? ` · probing ${[...probes].join(', ')}` : ''}`);
  const dir = mkdtempSync(join(tmpdir(), 'fieldwork-perf-guard-'));
  let fixture: Fixture | null = null;
  const onSignal = () => {
    void (fixture?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const verdicts: Verdict[] = [];
  try {
    // Set-up is not measured, so the CLI build and the sandbox's seeding and sync share the cores.
    const [opened, built] = await Promise.allSettled([
      openFixture(root, dir, phase),
      argv.includes('--no-build') || !selected.has('cli') ? null : phase('build the CLI bundle (vite.cli.config.mts)', () => buildCli(root)),
    ]);
    if (opened.status === 'fulfilled') fixture = opened.value;
    for (const r of [opened, built]) if (r.status === 'rejected') throw r.reason;
    const f = fixture!;
    // Search before the other cache checks: its warm-up indexes what the sync left, so no indexing runs behind them.
    const checks = [cliStartupCheck(root), searchCheck(f, dir), openInterviewCheck(f), resyncCheck(f), redactionScanCheck(f)];
    for (const check of checks.filter((c) => selected.has(c.id))) verdicts.push(await runCheck(check, probes.has(check.id)));
  } finally {
    await fixture?.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const s = summary(verdicts);
  out(`${s.message} (${ms(performance.now() - started)})`);
  return s.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`perf:guard could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(2);
  },
);
