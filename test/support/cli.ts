// Runs the `fieldwork` command line as a user would: `node bin/fieldwork.cjs …` in a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './browser';

const BIN = join(ROOT, 'bin/fieldwork.cjs');
const RUN_TIMEOUT_MS = 60_000;
/** Host settings a run must not inherit: a keychain, a display, the test runner's own variables. */
const HOST_ONLY = [
  'DBUS_SESSION_BUS_ADDRESS',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'GNOME_KEYRING_CONTROL',
  'SSH_AUTH_SOCK',
  'NODE_OPTIONS',
  'FIELDWORK_API_KEY',
  'FIELDWORK_LOG',
  'VITEST',
  'VITEST_POOL_ID',
  'VITEST_WORKER_ID',
];

export type CliRun = { code: number | null; stdout: string; stderr: string };

/**
 * A runner whose runs keep their HOME, XDG folders and FIELDWORK_HOME in the folders `dirs` names (read at
 * each run, as a file's beforeAll makes them). No D-Bus, display or host keyring reaches a run, so keys are
 * never stored on this machine. `printed` holds everything any run printed; `killAll` ends runs still going.
 */
export function cliRunner(dirs: () => { tmp: string; home: string }) {
  const children = new Set<ChildProcess>();
  const printed: string[] = [];
  const run = (args: string[], o: { key?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> => {
    const { tmp, home } = dirs();
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of HOST_ONLY) delete env[name];
    Object.assign(env, { HOME: tmp, XDG_CONFIG_HOME: join(tmp, 'config'), XDG_DATA_HOME: join(tmp, 'data'), FIELDWORK_HOME: home, NO_COLOR: '1' });
    if (o.key !== undefined) env.FIELDWORK_API_KEY = o.key;
    Object.assign(env, o.env ?? {});
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        children.delete(child);
        printed.push(stdout, stderr);
        resolve({ code, stdout, stderr });
      });
    });
  };
  return {
    run,
    printed,
    killAll: () => {
      for (const c of children) c.kill('SIGKILL');
    },
  };
}

/** A run's standard output, parsed as JSON. */
export const cliJson = <T>(r: CliRun): T => JSON.parse(r.stdout) as T;
