import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ms, ratio } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row: how long `fieldwork --help` takes from a cold process, the bundled CLI (out/cli, what bin/fieldwork.cjs
 * runs after `npm run build`) against the sources under tsx (how it ran before, FIELDWORK_CLI_FROM_SOURCE=1).
 * Runs are interleaved so both see the same machine load.
 */
const RUNS = 15;
const GOAL_MS = 300;

function timeOnce(root: string, env: NodeJS.ProcessEnv): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [join(root, 'bin', 'fieldwork.cjs'), '--help'], { cwd: root, env, encoding: 'utf8' });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 || !r.stdout.includes('Usage: fieldwork')) throw new Error(`fieldwork --help failed (exit ${r.status}): ${r.stderr}`);
  return elapsed;
}

export async function cliStartup(ctx: BenchContext): Promise<BenchRow> {
  if (!existsSync(join(ctx.root, 'out', 'cli', 'index.cjs'))) {
    await ctx.phase('build the CLI bundle', async () => {
      const r = spawnSync('npx', ['vite', 'build', '-c', 'vite.cli.config.mts'], { cwd: ctx.root, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`vite build of the CLI failed: ${r.stderr}`);
    });
  }
  const env = { ...process.env, FIELDWORK_CLI_FROM_SOURCE: '0' };
  const srcEnv = { ...process.env, FIELDWORK_CLI_FROM_SOURCE: '1' };
  const bundled: number[] = [];
  const source: number[] = [];
  const bare: number[] = [];
  await ctx.phase(`fieldwork --help × ${RUNS}, bundle and sources interleaved`, async () => {
    timeOnce(ctx.root, env); // warm the file cache for both
    timeOnce(ctx.root, srcEnv);
    for (let i = 0; i < RUNS; i++) {
      bundled.push(timeOnce(ctx.root, env));
      source.push(timeOnce(ctx.root, srcEnv));
      const start = process.hrtime.bigint();
      spawnSync(process.execPath, ['-e', '0']);
      bare.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  });
  const b = summarize(bundled);
  const s = summarize(source);
  return {
    id: 'cli start-up',
    what: '`fieldwork --help`, a cold process (median, p95)',
    value: [`bundle ${ms(b.p50)}`, `p95 ${ms(b.p95)}`],
    baselines: [`sources under tsx ${ms(s.p50)}`, `p95 ${ms(s.p95)}`],
    ratio: [ratio(b.p50 / s.p50)],
    goals: [{ text: `median ≤ ${GOAL_MS} ms`, pass: b.p50 <= GOAL_MS }],
    notes: [`The floor under both, a bare \`node -e 0\`: ${ms(summarize(bare).p50)} (median); ${RUNS} runs each.`],
  };
}
