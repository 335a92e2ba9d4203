import { describe, expect, it } from 'vitest';
import { remoteHandle, remoteHost } from './remote-handle';

describe('remoteHandle', () => {
  it('reads @name@host and name@host, the host in lower case', () => {
    expect(remoteHandle('@alice@Social.Example')).toEqual({ name: 'alice', host: 'social.example', handle: '@alice@social.example' });
    expect(remoteHandle(' bob@mastodon.art ')).toEqual({ name: 'bob', host: 'mastodon.art', handle: '@bob@mastodon.art' });
  });

  it('takes a host with a port', () => {
    expect(remoteHandle('@alice@127.0.0.1:4567')?.host).toBe('127.0.0.1:4567');
    expect(remoteHandle('alice@localhost:8080')?.handle).toBe('@alice@localhost:8080');
  });

  it('refuses a local name, a host with neither dot nor port, and anything else', () => {
    for (const query of ['alice', '@alice', 'alice@localhost', '@alice@', '@@host.example', 'alice@host.example/x', 'two words@host.example', '#tag'])
      expect(remoteHandle(query), query).toBeNull();
  });
});

describe('remoteHost', () => {
  it("answers a remote username's server and null for a local one", () => {
    expect(remoteHost('alice@127.0.0.1:4567')).toBe('127.0.0.1:4567');
    expect(remoteHost('maya')).toBeNull();
  });
});
