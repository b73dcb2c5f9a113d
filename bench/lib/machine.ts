import { cpus, arch, release, totalmem, type, version } from 'node:os';

export type Machine = { cpu: string; cores: number; ramGb: number; node: string; os: string };

export function machine(): Machine {
  const list = cpus();
  return {
    cpu: (list[0]?.model ?? 'unknown CPU').replace(/\s+/g, ' ').trim(),
    cores: list.length,
    ramGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${type()} ${release()} ${arch()} (${version()})`,
  };
}

export const machineLine = (m: Machine) => `${m.cpu} · ${m.cores} cores · ${m.ramGb} GB RAM · Node ${m.node} · ${m.os}`;
