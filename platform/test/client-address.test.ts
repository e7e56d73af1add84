import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import { loadConfig } from '../src/config.ts';
import { clientAddress, normalizedAddress, proxyTrustOf, requestClientAddress } from '../src/http/client-address.ts';

/**
 * The address Koa gives a request that reached it with these X-Forwarded-For headers, behind
 * `hops` proxies; the /ws gateway, which reads the request without Koa, must see the same.
 */
async function addressSeen(hops: number, forwardedFor: string[]): Promise<{ ip: string; client: string }> {
  const app = new Koa(proxyTrustOf(hops));
  app.use((ctx) => {
    expect(requestClientAddress(ctx.req, hops), 'the /ws gateway’s reading').to.equal(clientAddress(ctx));
    ctx.body = { ip: ctx.ip, client: clientAddress(ctx) };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const headers = new Headers();
    for (const value of forwardedFor) headers.append('x-forwarded-for', value);
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return (await response.json()) as { ip: string; client: string };
  } finally {
    server.close();
  }
}

describe('the client address behind the proxy (issue #13 item 1)', () => {
  // nginx's `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` appends the address
  // it saw (here 203.0.113.7) to whatever the client sent, with ", "
  const nginxSaw = '203.0.113.7';

  it('one hop: the right-most entry, the one our nginx appended, whatever the client wrote before it', async () => {
    for (const sent of ['10.9.1.1', '10.9.2.1, 10.9.3.1', 'unknown', '', ' , ,', '2001:db8::1']) {
      const header = sent ? `${sent}, ${nginxSaw}` : nginxSaw;
      expect((await addressSeen(1, [header])).ip, `client sent "${sent}"`).to.equal(nginxSaw);
    }
  });

  it('one hop: several X-Forwarded-For lines, as a client may send them, still end with our proxy’s', async () => {
    // nginx forwards the client's lines joined, then its own address
    expect((await addressSeen(1, ['10.0.0.1', `10.0.0.2, ${nginxSaw}`])).ip).to.equal(nginxSaw);
  });

  it('two hops (a load balancer in front of nginx): the address the first of ours saw', async () => {
    expect((await addressSeen(2, [`10.9.9.9, 198.51.100.4, 172.18.0.5`])).ip).to.equal('198.51.100.4');
  });

  it('no hop: the socket’s address, the header ignored', async () => {
    expect((await addressSeen(0, ['10.9.1.1'])).ip).to.equal('127.0.0.1');
  });

  it('a request that reached a trusting service without the header keeps the socket’s address', async () => {
    expect((await addressSeen(1, [])).ip).to.equal('127.0.0.1');
  });

  it('normalizes what limits key on: mapped IPv4 as IPv4, IPv6 as its /64', () => {
    expect(normalizedAddress('203.0.113.7')).to.equal('203.0.113.7');
    expect(normalizedAddress('::ffff:203.0.113.7')).to.equal('203.0.113.7');
    expect(normalizedAddress('::FFFF:203.0.113.7')).to.equal('203.0.113.7');
    // every address a host may pick inside its /64 is one client
    expect(normalizedAddress('2001:db8:1:2:aaaa::1')).to.equal('2001:db8:1:2::/64');
    expect(normalizedAddress('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).to.equal('2001:db8:1:2::/64');
    expect(normalizedAddress('2001:db8::1')).to.equal('2001:db8:0:0::/64');
    expect(normalizedAddress('fe80::1%eth0')).to.equal('fe80:0:0:0::/64');
    expect(normalizedAddress('::1')).to.equal('0:0:0:0::/64');
  });

  it('reads TRUST_PROXY_HOPS, TRUST_PROXY=true as one hop, and refuses anything else', () => {
    expect(loadConfig({}).trustProxyHops).to.equal(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxyHops).to.equal(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxyHops).to.equal(0);
    expect(loadConfig({ TRUST_PROXY_HOPS: '2' })).to.include({ trustProxyHops: 2, trustProxy: true });
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' })).to.include({
      trustProxyHops: 0,
      trustProxy: false,
    });
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).to.throw(/TRUST_PROXY must be true or false/);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '-1' })).to.throw(/TRUST_PROXY_HOPS must be a non-negative integer/);
  });
});
