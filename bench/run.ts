// npm run bench — the issue's performance figures, side by side in one run, against the sandbox on
// loopback. Rows are modules in bench/rows/; this file seeds the sandbox, runs them in order, prints one
// table and (with --write-docs) rewrites docs/benchmarks.md. Figures are printed, never asserted.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildBundles } from './lib/build';
import { killContenders, useBundles } from './lib/contender';
import { writeBenchmarksDoc } from './lib/docs';
import { ms, out } from './lib/format';
import { machine, machineLine } from './lib/machine';
import { ensureSeeded, startSandboxChild, type SandboxChild } from './lib/sandbox';
import { textTable, verdict } from './lib/table';
import type { BenchContext, BenchRow, PhaseTiming, Row } from './lib/types';
import { fullSync, LOOPBACK, WAN } from './rows/full-sync';
import { resync } from './rows/resync';
import { search } from './rows/search';
import { exportRow } from './rows/export';
import { exportRedact } from './rows/export-redact';
import { viewer } from './rows/viewer';
import { cliStartup } from './rows/cli-startup';
import { agreement } from './rows/agreement';
import { agreementServiceRow } from './rows/agreement-service';
import { codeSegmentsRow } from './rows/code-segments';
import { qdpxImport } from './rows/qdpx-import';
import { grid } from './rows/grid';
import { reelRow } from './rows/reel';
import { exactCutRow } from './rows/exact-cut';
import { redactionScanRow } from './rows/redaction-scan';
import { redactionQualityRow } from './rows/redaction-quality';

/** In order: later rows use what earlier ones leave in ctx.shared (the synced cache). `id`, where given, is the row's id in the table. */
const rowList = (wan: typeof WAN): { id?: string; name: string; run: Row }[] => [
  { id: '1', name: 'full sync', run: fullSync(LOOPBACK) },
  { id: '1b', name: 'full sync (latency)', run: fullSync(wan) },
  { id: '2', name: 're-sync', run: resync(LOOPBACK) },
  { id: '2b', name: 're-sync (latency)', run: resync(wan) },
  { name: 'search', run: search },
  { name: 'viewer', run: viewer },
  { name: 'export', run: exportRow },
  { name: 'export redact', run: exportRedact },
  { name: 'cli start-up', run: cliStartup },
  { name: 'agreement', run: agreement },
  { name: 'agreement service', run: agreementServiceRow },
  { name: 'code segments', run: codeSegmentsRow },
  { name: 'qdpx import', run: qdpxImport },
  { name: 'grid', run: grid },
  { name: 'reel', run: reelRow },
  { name: 'exact cut', run: exactCutRow },
  { name: 'redaction scan', run: redactionScanRow },
  { name: 'redaction quality', run: redactionQualityRow },
];

const ISSUE_SIZE = { interviews: 10_000, turns: 40 };

const USAGE = `Usage: npx tsx bench/run.ts [--write-docs] [--fresh] [--keep] [--cpu-prof] [--interviews N] [--turns N] [--data FILE] [--only IDS] [--latency MS]

  --write-docs   rewrite docs/benchmarks.md with the results (only at the issue's size, ${ISSUE_SIZE.interviews} × ${ISSUE_SIZE.turns})
  --fresh        rebuild the seeded sandbox file instead of reusing it
  --keep         keep this run's folder (caches, naive output, CPU profiles)
  --cpu-prof     write a .cpuprofile per contender into the run folder (implies --keep)
  --interviews, --turns   a smaller data set for a quick try (default ${ISSUE_SIZE.interviews} × ${ISSUE_SIZE.turns})
  --only IDS     run only these rows, by id or name, comma-separated (for example --only 1,1b); rows that need
                 an earlier one's cache (re-sync, search, …) need it listed too. Not with --write-docs
  --latency MS   the delay per request of the latency rows (default ${WAN.latencyMs} ms)`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'write-docs': { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      interviews: { type: 'string', default: String(ISSUE_SIZE.interviews) },
      turns: { type: 'string', default: String(ISSUE_SIZE.turns) },
      data: { type: 'string' },
      only: { type: 'string' },
      latency: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    out(USAGE);
    return 0;
  }
  const root = process.cwd();
  if (!existsSync(join(root, 'src/main/sync/engine.ts'))) throw new Error('Run the bench from the repository root (npm run bench).');
  const interviews = Number(values.interviews);
  const turns = Number(values.turns);
  if (!Number.isInteger(interviews) || interviews < 1 || !Number.isInteger(turns) || turns < 2)
    throw new Error(`--interviews and --turns must be whole numbers.\n\n${USAGE}`);
  const issueSize = interviews === ISSUE_SIZE.interviews && turns === ISSUE_SIZE.turns;
  const keep = values.keep || values['cpu-prof'];
  const only = values.only ? new Set(values.only.split(',').map((x) => x.trim().toLowerCase())) : null;
  if (only && values['write-docs']) throw new Error(`--only runs part of the table; docs/benchmarks.md is written from a full run.\n\n${USAGE}`);
  const latencyMs = values.latency === undefined ? WAN.latencyMs : Number(values.latency);
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new Error(`--latency must be a number of milliseconds.\n\n${USAGE}`);
  if (latencyMs !== WAN.latencyMs && values['write-docs']) throw new Error(`docs/benchmarks.md is written at the default latency only.\n\n${USAGE}`);
  const wan = { ...WAN, latencyMs, label: `${latencyMs} ms per request` };
  const rowsToRun = rowList(wan).filter((r) => !only || (r.id !== undefined && only.has(r.id)) || only.has(r.name));
  if (rowsToRun.length === 0) throw new Error(`--only ${values.only} names no row.\n\n${USAGE}`);

  const benchDir = join(tmpdir(), 'fieldwork-bench');
  mkdirSync(benchDir, { recursive: true });
  const dataFile = values.data ?? join(benchDir, `sandbox-${interviews}x${turns}.db`);
  const runDir = mkdtempSync(join(benchDir, 'run-'));
  const cpuProfDir = values['cpu-prof'] ? join(runDir, 'profiles') : null;
  if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });

  const phases: PhaseTiming[] = [];
  const phase = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
    out(`… ${label}`);
    const s = performance.now();
    const v = await fn();
    const elapsed = performance.now() - s;
    phases.push({ label, ms: elapsed });
    out(`  ${label}: ${ms(elapsed)}`);
    return v;
  };
  const m = machine();
  out(`Fieldwork bench · ${machineLine(m)}`);
  out(`Run folder: ${runDir}${keep ? ' (kept)' : ''}`);
  const started = performance.now();
  let sandbox: SandboxChild | null = null;
  const stopAll = async () => {
    killContenders();
    await sandbox?.stop();
    sandbox = null;
  };
  const onSignal = () => {
    void stopAll().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const rows: BenchRow[] = [];
  let seeded;
  try {
    const sb = await phase('start the sandbox', () => startSandboxChild(root, dataFile, { fresh: values.fresh }));
    sandbox = sb;
    out(`  sandbox pid ${sb.pid} at ${sb.baseUrl}, data ${dataFile}`);
    seeded = await phase('seed (or check) the sandbox', () =>
      ensureSeeded(sb, { interviews, turns, chunk: 1000, pageSize: 100 }, dataFile, (l) => out(`  ${l}`)),
    );
    // Inside the repository, so the bundles' externals (better-sqlite3) resolve from node_modules.
    const bundles = await phase('bundle the contenders (esbuild)', () => buildBundles(root, join(root, 'out', 'bench-bundle')));
    useBundles(bundles);
    const ctx: BenchContext = {
      root,
      runDir,
      sandbox: seeded,
      concurrency: 4,
      cpuProfDir,
      workerPath: bundles.worker,
      phase,
      say: (l) => out(`  ${l}`),
      shared: new Map(),
    };
    for (const row of rowsToRun) {
      try {
        rows.push(await row.run(ctx));
      } catch (e) {
        out(`  ${row.name} failed: ${e instanceof Error ? e.message : String(e)}`);
        rows.push({
          id: String(rows.length + 1),
          what: row.name,
          value: ['failed'],
          baselines: [],
          ratio: [],
          goals: [{ text: 'see the log', pass: null }],
          notes: [],
        });
      }
    }
  } finally {
    await stopAll();
    if (!keep) rmSync(runDir, { recursive: true, force: true });
  }
  const totalMs = performance.now() - started;
  // Rows run in dependency order (each re-sync needs its full sync) and print in id order: 1, 1b, 2, 2b, 3.
  rows.sort((a, b) => a.id.localeCompare(b.id));

  out('');
  out(textTable(rows));
  out('');
  for (const r of rows) for (const n of r.notes) out(`Row ${r.id}: ${n}`);
  out('');
  out(`Machine: ${machineLine(m)}`);
  out(`Phases: ${phases.map((p) => `${p.label} ${ms(p.ms)}`).join('; ')}. Total ${ms(totalMs)}.`);
  out(`Overall: ${rows.map((r) => `${r.id} ${verdict(r)}`).join(', ')}.`);
  if (keep) out(`Kept ${runDir}${cpuProfDir ? ` (CPU profiles in ${cpuProfDir})` : ''}.`);
  if (values['write-docs']) {
    if (!issueSize)
      out(`Not writing docs/benchmarks.md: this run used ${interviews} × ${turns}, not the issue's ${ISSUE_SIZE.interviews} × ${ISSUE_SIZE.turns}.`);
    else {
      writeBenchmarksDoc(join(root, 'docs/benchmarks.md'), { rows, machine: m, date: new Date(), sandbox: seeded!, phases, totalMs });
      out('Wrote docs/benchmarks.md.');
    }
  }
  return rows.some((r) => r.value[0] === 'failed') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`The bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    killContenders();
    process.exit(1);
  },
);
