import { expect } from 'chai';
import { readPageMeta } from '../src/poster-bot/page-meta.ts';
import { ipv6Bytes, isLoopbackAddress, isPublicAddress } from '../src/poster-bot/public-address.ts';

describe('poster bot: which addresses a page may be read from', () => {
  it('IPv4: public addresses only, not private, loopback, link-local, CGNAT, reserved or multicast', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '198.20.0.1'])
      expect(isPublicAddress(address), address).to.equal(true);
    for (const address of [
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
    ])
      expect(isPublicAddress(address), address).to.equal(false);
  });

  it('IPv6: global unicast only; loopback, unique local, link-local, multicast, documentation and Teredo refused', () => {
    for (const address of ['2606:4700:4700::1111', '2a00:1450:4007:80f::200e', '2001:4860:4860::8888'])
      expect(isPublicAddress(address), address).to.equal(true);
    for (const address of [
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
      '3fff::1',
      '100::1',
      '::127.0.0.1',
    ])
      expect(isPublicAddress(address), address).to.equal(false);
  });

  it('judges an IPv4 address carried inside IPv6 (mapped, NAT64, 6to4) by that IPv4 address', () => {
    expect(isPublicAddress('::ffff:127.0.0.1')).to.equal(false);
    expect(isPublicAddress('::ffff:7f00:1')).to.equal(false);
    expect(isPublicAddress('::ffff:10.1.2.3')).to.equal(false);
    expect(isPublicAddress('::ffff:8.8.8.8')).to.equal(true);
    expect(isPublicAddress('64:ff9b::a9fe:a9fe'), 'NAT64 of 169.254.169.254').to.equal(false);
    expect(isPublicAddress('64:ff9b::8.8.8.8')).to.equal(true);
    expect(isPublicAddress('2002:c0a8:0101::1'), '6to4 of 192.168.1.1').to.equal(false);
    expect(isPublicAddress('2002:0808:0808::1'), '6to4 of 8.8.8.8').to.equal(true);
  });

  it('refuses what is not an address at all', () => {
    for (const text of ['', 'localhost', 'example.com', '1.2.3', '1.2.3.256', '::g', '[::1]'])
      expect(isPublicAddress(text), text).to.equal(false);
  });

  it('reads IPv6 text into its bytes, shortened or with an IPv4 tail', () => {
    expect(ipv6Bytes('::1')).to.deep.equal([...Array(15).fill(0), 1]);
    expect(ipv6Bytes('2001:db8::8:800:200c:417a')).to.deep.equal([
      0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0x08, 0x08, 0, 0x20, 0x0c, 0x41, 0x7a,
    ]);
    expect(ipv6Bytes('::ffff:1.2.3.4')).to.deep.equal([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]);
    expect(ipv6Bytes('1:2:3:4:5:6:7:8')).to.deep.equal([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(ipv6Bytes('1.2.3.4')).to.equal(null);
  });

  it('knows loopback in each spelling (the only thing the test setting may open)', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])
      expect(isLoopbackAddress(address), address).to.equal(true);
    for (const address of ['10.0.0.1', '::', '::2', 'fe80::1', '8.8.8.8'])
      expect(isLoopbackAddress(address), address).to.equal(false);
  });
});

describe("poster bot: a page's OpenGraph tags", () => {
  it('reads title, description and image, whatever the attribute order, quotes and case', () => {
    const html = `<!doctype html><html><head>
      <title>Fallback title</title>
      <META content="The &amp; &quot;best&quot; video &#8211; part&nbsp;1" property="og:title">
      <meta property='og:description' content='  A long
        description  '>
      <meta property=og:image content=/thumbs/1.jpg>
      <meta property="og:image" content="https://cdn.example/second.jpg">
    </head><body><meta property="og:title" content="in the body"></body></html>`;
    expect(readPageMeta(html)).to.deep.equal({
      title: 'The & "best" video – part 1',
      description: 'A long description',
      image: '/thumbs/1.jpg',
    });
  });

  it('falls back to the Twitter card, then <title> and the description meta tag', () => {
    expect(
      readPageMeta(
        '<head><title> Plain  title </title><meta name="description" content="Plain description"><meta name="twitter:image" content="https://i.example/t.png"></head>',
      ),
    ).to.deep.equal({ title: 'Plain title', description: 'Plain description', image: 'https://i.example/t.png' });
    expect(readPageMeta('<head><meta name="twitter:title" content="Card title"></head>').title).to.equal('Card title');
    expect(readPageMeta('<html><body>nothing</body></html>')).to.deep.equal({
      title: null,
      description: null,
      image: null,
    });
  });
});
