// The process a contender runs in, so its peak RSS is its own. Started by runInChild (contender.ts):
//   node <bundle>/child-entry.cjs <bundled row module> <export name> <JSON args>   (see lib/build.ts)
// The export is called as fn(args, probe); its result goes back to the parent over IPC with the RSS report.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startRssSampler } from './rss';
import type { Probe, RssReport } from './types';

// First thing, so module loading counts towards the peak like it would in any real process.
const sampler = startRssSampler(20);

type Contender = (args: unknown, probe: Probe) => Promise<unknown>;

async function main(): Promise<void> {
  const [modulePath, exportName, argsJson] = process.argv.slice(2);
  if (!modulePath || !exportName || argsJson === undefined) throw new Error('usage: child-entry.ts <module> <export> <json args>');
  const marks: Record<string, number> = {};
  const cpu_ms_marks: Record<string, number> = {};
  const cpuMs = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  const probe: Probe = {
    mark(label) {
      marks[label] = sampler.peak();
      cpu_ms_marks[label] = cpuMs();
    },
  };
  const mod = (await import(pathToFileURL(resolve(modulePath)).href)) as Record<string, unknown> & { default?: Record<string, unknown> };
  const fn = (mod[exportName] ?? mod.default?.[exportName]) as Contender | undefined;
  if (typeof fn !== 'function') throw new Error(`${modulePath} has no export ${exportName}`);
  const value = await fn(JSON.parse(argsJson), probe);
  const peak = sampler.stop();
  const rss: RssReport = {
    peak_bytes: peak,
    max_rss_bytes: process.resourceUsage().maxRSS * 1024,
    samples: sampler.samples(),
    marks,
    cpu_ms_marks,
    cpu_ms: cpuMs(),
  };
  send({ ok: true, value, rss });
}

function send(message: unknown): void {
  process.send!(message, () => process.exit(0));
}

main().catch((e: unknown) => {
  send({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
});
