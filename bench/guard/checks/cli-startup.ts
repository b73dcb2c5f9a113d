import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { GuardCheck } from '../check';

/**
 * `fieldwork --help` from the built bundle (out/cli, what bin/fieldwork.cjs runs after a build) against a
 * bare `node -e 0`: what the CLI loads before it can print its usage. Both run without NODE_OPTIONS, so the
 * guard's own tsx hooks are not charged to either.
 */
export const CLI_LIMIT = 2.5;

function run(args: string[], root: string, expect?: string): void {
  const env: NodeJS.ProcessEnv = { ...process.env, FIELDWORK_CLI_FROM_SOURCE: '0' };
  delete env.NODE_OPTIONS;
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0 || (expect !== undefined && !r.stdout.includes(expect)))
    throw new Error(`\`node ${args.join(' ')}\` failed (exit ${r.status ?? r.signal}): ${r.stderr.slice(0, 500)}`);
}

/** Builds the CLI bundle from the sources as they are, so the check never times a stale bundle. */
export async function buildCli(root: string): Promise<void> {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  try {
    await promisify(execFile)(process.execPath, [vite, 'build', '-c', 'vite.cli.config.mts', '--logLevel', 'warn'], { cwd: root });
  } catch (e) {
    throw new Error(`Building the CLI bundle (vite build -c vite.cli.config.mts) failed:\n${(e as { stderr?: string }).stderr ?? String(e)}`);
  }
}

export const cliStartupCheck = (root: string): GuardCheck => ({
  id: 'cli',
  contender: 'fieldwork --help',
  baseline: 'node -e 0',
  limit: CLI_LIMIT,
  plan: { pairs: 11, minPairs: 5, budgetMs: 12_000 },
  prepare: async () => {
    const bin = join(root, 'bin', 'fieldwork.cjs');
    if (!existsSync(join(root, 'out', 'cli', 'index.cjs')))
      throw new Error('No CLI bundle in out/cli: build it first (npm run build), or run without --no-build.');
    return {
      contender: () => run([bin, '--help'], root, 'Usage: fieldwork'),
      baseline: () => run(['-e', '0'], root),
    };
  },
});
