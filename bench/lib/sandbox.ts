import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import type { SeededSandbox } from './types';

export type SandboxChild = {
  baseUrl: string;
  organisationId: string;
  apiKey: string;
  pid: number;
  stop(): Promise<void>;
};

/**
 * Starts the sandbox as its own process (so its memory and CPU are not the syncing process's):
 *   node --import tsx src/sandbox/cli.ts --port 0 --data FILE --json --rate-limit off
 * and reads the JSON line it prints. `fresh` deletes the data file first.
 */
export async function startSandboxChild(root: string, dataFile: string, opts: { fresh?: boolean } = {}): Promise<SandboxChild> {
  mkdirSync(dirname(dataFile), { recursive: true });
  if (opts.fresh) for (const f of [dataFile, `${dataFile}-wal`, `${dataFile}-shm`]) rmSync(f, { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--data', dataFile, '--json', '--rate-limit', 'off'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => stopChild(child);
  try {
    const info = await new Promise<{ base_url: string; organisation_id: string; api_key: string }>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      const timer = setTimeout(() => reject(new Error('The sandbox did not print its address within 60 s.')), 60_000);
      lines.on('line', (line) => {
        if (!line.startsWith('{')) return;
        clearTimeout(timer);
        try {
          resolve(JSON.parse(line) as { base_url: string; organisation_id: string; api_key: string });
        } catch (e) {
          reject(e as Error);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The sandbox exited (code ${code}) before printing its address.`));
      });
    });
    return { baseUrl: info.base_url, organisationId: info.organisation_id, apiKey: info.api_key, pid: child.pid!, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** SIGTERM (the CLI closes its database and exits), then SIGKILL after 10 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGKILL');
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    process.kill(child.pid!, 'SIGTERM');
  });
}

/** One request to the sandbox child with its organisation's key; a failure says which request and what it answered. */
export async function call<T>(sb: SandboxChild, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(sb.baseUrl + path, {
    method,
    headers: { 'x-api-key': sb.apiKey, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export type SeedSpec = { interviews: number; turns: number; chunk: number; pageSize: number };

/** The one project the bench reads; its title carries the size so a mismatch is visible. */
export const benchTitle = (s: Pick<SeedSpec, 'interviews' | 'turns'>) => `Bench · ${s.interviews.toLocaleString('en-US')} interviews × ${s.turns} turns`;

// The sandbox caps target_participants at LIMITS.targetParticipantsMax (1,000); simulate does not check it.
const TARGET = 1000;

/**
 * Makes sure the sandbox's organisation holds one launched project with `interviews` completed
 * interviews of `turns` synthetic turns. Reuses what is there; tops up a project left half-seeded.
 */
export async function ensureSeeded(sb: SandboxChild, spec: SeedSpec, dataFile: string, say: (line: string) => void): Promise<SeededSandbox> {
  const title = benchTitle(spec);
  const { items } = await call<{ items: { id: string; title: string; recruiting?: { completed_participants?: number; has_launched?: boolean } }[] }>(
    sb,
    'GET',
    '/v1/projects',
  );
  let project = items.find((p) => p.title === title);
  const others = items.filter((p) => p.title !== title);
  if (others.length > 0)
    throw new Error(`The bench sandbox file ${dataFile} holds other projects (${others.map((p) => p.title).join(', ')}); run with --fresh.`);
  let have = project?.recruiting?.completed_participants ?? 0;
  let reused = false;
  if (project && have >= spec.interviews) {
    const page = await call<{ items: { transcript?: unknown[] }[]; total: number }>(
      sb,
      'GET',
      `/v1/projects/${project.id}/interviews?page=1&limit=1&transcripts=true`,
    );
    if (page.total !== spec.interviews || page.items[0]?.transcript?.length !== spec.turns) {
      throw new Error(
        `The bench project in ${dataFile} has ${page.total} interviews of ${page.items[0]?.transcript?.length} turns, not ${spec.interviews} × ${spec.turns}; run with --fresh.`,
      );
    }
    reused = true;
    say(`Reused the seeded sandbox ${dataFile}: ${have.toLocaleString('en-US')} interviews × ${spec.turns} turns (--fresh rebuilds it).`);
  } else {
    if (!project) {
      await call(sb, 'PUT', '/_sandbox/organisations/me', { balance_cents: 10_000_000 });
      const created = await call<{ id: string }>(sb, 'POST', '/v1/projects', {
        title,
        type: 'USER_INTERVIEW',
        intro_message: 'Thanks for joining. This is a load-test study.',
        questions: [
          { question: 'How do you decide what to cook during a busy week?', probing_level: 'medium' },
          { question: 'What do you think about the price of the meal kit?', probing_level: 'high' },
          { question: 'How did the delivery fit around your schedule?', probing_level: 'medium' },
          { question: 'What would make you skip a week or cancel?', probing_level: 'high' },
          { question: 'How do you feel about the packaging?', probing_level: 'low' },
        ],
        languages: [{ language_name: 'English', accent: 'en-US' }],
        interaction_modes: ['chat'],
        target_participants: TARGET,
      });
      await call(sb, 'POST', `/v1/projects/${created.id}/launch`, { target_participants: TARGET });
      project = { id: created.id, title };
      have = 0;
    } else say(`The bench project holds ${have} of ${spec.interviews} interviews; adding the rest.`);
    const started = performance.now();
    while (have < spec.interviews) {
      const n = Math.min(spec.chunk, spec.interviews - have);
      const t0 = performance.now();
      await call(sb, 'POST', `/_sandbox/projects/${project.id}/simulate`, { completed: n, transcript_turns: spec.turns });
      have += n;
      say(`  seeded ${have.toLocaleString('en-US')} / ${spec.interviews.toLocaleString('en-US')} (${Math.round(performance.now() - t0)} ms for ${n})`);
    }
    say(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
  return {
    baseUrl: sb.baseUrl,
    apiKey: sb.apiKey,
    organisationId: sb.organisationId,
    projectId: project.id,
    interviews: spec.interviews,
    turns: spec.turns,
    pageSize: spec.pageSize,
    pages: Math.ceil(spec.interviews / spec.pageSize),
    dataFile,
    reused,
    pid: sb.pid,
  };
}

/**
 * CPU time (user + system) another process has used so far, from /proc (Linux only; null elsewhere).
 * The sandbox shares the machine's cores with the contenders, so its CPU is part of the picture.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are 14 and 15.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux Node supports. */
const CLOCK_TICKS = 100;

export const sandboxFileExists = (f: string) => existsSync(f);

/**
 * Adds a fixed delay to every read the sandbox answers (its `latency_ms` fault), to stand in for a real
 * network: on loopback a request costs almost nothing, which no researcher's connection does.
 */
export async function setLatency(sb: Pick<SeededSandbox, 'baseUrl' | 'apiKey'>, latencyMs: number): Promise<void> {
  const res = await fetch(`${sb.baseUrl}/_sandbox/faults`, {
    method: 'PUT',
    headers: { 'x-api-key': sb.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(latencyMs > 0 ? { latency_ms: latencyMs, fault_methods: ['GET'] } : {}),
  });
  if (!res.ok) throw new Error(`Setting the sandbox latency failed: ${res.status}`);
}
