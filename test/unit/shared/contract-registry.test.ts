import { describe, expect, it } from 'vitest';
import { channelNames, ipcContract, ipcDomains } from '../../../src/shared/ipc/contract';

describe('the contract registry', () => {
  it('each domain holds exactly the channels of its prefix, so a channel has one obvious home', () => {
    for (const [domain, channels] of Object.entries(ipcDomains)) {
      const names = Object.keys(channels);
      expect(names.length, domain).toBeGreaterThan(0);
      for (const name of names) expect(name.split('.')[0], `${name} sits in the ${domain} domain`).toBe(domain);
    }
  });

  it('the channel map is every domain merged, with no name written twice', () => {
    const all = Object.values(ipcDomains).flatMap((c) => Object.keys(c));
    expect(new Set(all).size).toBe(all.length);
    expect([...channelNames].sort()).toEqual([...all].sort());
    for (const [, channels] of Object.entries(ipcDomains))
      for (const [name, def] of Object.entries(channels)) expect(ipcContract[name as keyof typeof ipcContract]).toBe(def);
  });
});
