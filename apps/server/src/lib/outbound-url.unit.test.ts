import { describe, expect, it } from 'vitest';
import { assertOutboundUrl, isPrivateAddress } from './outbound-url.ts';

const config = (allowPrivate = false, allowedHosts: string[] = []) => ({ outbound: { allowPrivate, allowedHosts } });

describe('outbound URL guard', () => {
  it('classifies private, loopback, link-local and metadata addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      'nonsense',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });
  it('judges IPv6 spellings that carry an IPv4 address by that address', () => {
    const refused = [
      '::ffff:7f00:1', // IPv4-mapped 127.0.0.1 in hex
      '::ffff:a9fe:a9fe', // mapped 169.254.169.254
      '0:0:0:0:0:ffff:10.0.0.1', // mapped, written out
      '::127.0.0.1', // IPv4-compatible (::/96)
      '::7f00:1',
      '::a00:1', // ::10.0.0.1
      '::8.8.8.8', // IPv4-compatible is never routed, even for a public address
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:c0a8:101::', // 6to4 of 192.168.1.1
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '[::ffff:127.0.0.1]',
    ];
    for (const a of refused) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::ffff:808:808', '2001:4860:4860::8888']) expect(isPrivateAddress(a), a).toBe(false);
  });
  it('refuses every range the maintained list names, not only the familiar ones', () => {
    const refused = [
      'fec0::1', // site-local, deprecated (RFC 3879)
      'feff:ffff::1', // … the top of fec0::/10
      '192.88.99.1', // 6to4 relay anycast, retired (RFC 7526)
      '192.88.99.255',
      '2002:808:808::1', // 6to4 is retired whatever it carries
      '64:ff9b::808:808', // NAT64 reaches whatever the translator reaches
      '64:ff9b:1::1',
      '198.19.255.255', // benchmarking
      '192.0.0.8',
      '192.31.196.1', // AS112
      '192.52.193.1', // AMT
      '255.255.255.255',
      '240.0.0.1',
      '2001:2::1', // benchmarking
      '2001:db8::1', // documentation
      '3fff::1',
      '100::1', // discard-only
      '5f00::1', // segment routing
      'ff02::1',
      'fe80::1%eth0',
    ];
    for (const a of refused) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['1.1.1.1', '192.88.98.1', '192.88.100.1', 'fe00::1', '2a00:1450:4001::1']) expect(isPrivateAddress(a), a).toBe(false);
  });
  it('does not take shorthand spellings a resolver never returns', () => {
    for (const a of ['127.1', '0x7f.0.0.1', '2130706433', '017700000001', '', '1.2.3.4.5']) expect(isPrivateAddress(a), a).toBe(true);
  });
  it('refuses non-http URLs and private targets unless allowed', async () => {
    await expect(assertOutboundUrl(config(), 'ftp://93.184.216.34/', 'post_url')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(assertOutboundUrl(config(), 'http://127.0.0.1:8080/', 'post_url')).rejects.toMatchObject({
      code: 'PRIVATE_ADDRESS_NOT_ALLOWED',
    });
    await expect(assertOutboundUrl(config(), 'http://localhost/', 'post_url')).rejects.toMatchObject({
      code: 'PRIVATE_ADDRESS_NOT_ALLOWED',
    });
    await expect(assertOutboundUrl(config(true), 'http://127.0.0.1/', 'post_url')).resolves.toBeInstanceOf(URL);
    await expect(assertOutboundUrl(config(false, ['localhost']), 'http://LOCALHOST/', 'post_url')).resolves.toBeInstanceOf(URL);
    await expect(assertOutboundUrl(config(), 'https://93.184.216.34/x', 'post_url')).resolves.toBeInstanceOf(URL);
  });
});
