import { describe, expect, it } from 'vitest';
import { assertPublicUrl, isNonPublicAddress, NonPublicAddressError, nonPublicUrlReason } from './public-address.ts';

describe('isNonPublicAddress', () => {
  it('knows the non-public IPv4 ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isNonPublicAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '172.15.255.255', '93.184.216.34'])
      expect(isNonPublicAddress(ip), ip).toBe(false);
  });

  it('knows the non-public IPv6 ranges, IPv4-mapped ones included', () => {
    for (const ip of [
      '::',
      '::1',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      // Mapped and translated IPv4, whatever the address inside: no public webhook is written so.
      '::ffff:8.8.8.8',
      '::ffff:0808:0808',
      '::ffff:0:8.8.8.8',
      '::ffff:0:a00:1',
      // Discard-only.
      '100::1',
      '100::ffff:ffff:ffff:ffff',
    ]) {
      expect(isNonPublicAddress(ip), ip).toBe(true);
    }
    for (const ip of ['2001:4860:4860::8888', '2606:4700:4700::1111', '100:0:0:1::1']) expect(isNonPublicAddress(ip), ip).toBe(false);
  });

  it('follows NAT64 and 6to4 to the IPv4 address they lead to, and refuses Teredo', () => {
    for (const ip of [
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '2002:a00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]) {
      expect(isNonPublicAddress(ip), ip).toBe(true);
    }
    for (const ip of ['64:ff9b::808:808', '64:ff9b::93.184.216.34', '2002:808:808::1']) expect(isNonPublicAddress(ip), ip).toBe(false);
  });

  it('treats a name as no address', () => {
    expect(isNonPublicAddress('example.com')).toBe(false);
  });
});

describe('nonPublicUrlReason', () => {
  it('refuses other schemes, localhost and non-public literals in every spelling', () => {
    expect(nonPublicUrlReason('ftp://game.example/')).toMatch(/http/);
    expect(nonPublicUrlReason('file:///etc/passwd')).toMatch(/http/);
    expect(nonPublicUrlReason('not a url')).toMatch(/not valid/);
    for (const url of [
      'http://localhost/',
      'http://LOCALHOST./',
      'http://a.localhost/',
      'http://127.1/',
      'http://0x7f000001/',
      'http://017700000001/',
      'http://[::ffff:127.0.0.1]/',
      'https://[fe80::1]:8443/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:a9fe:a9fe::]/',
    ]) {
      expect(nonPublicUrlReason(url), url).toBeDefined();
    }
  });

  it('lets public addresses and names through', () => {
    for (const url of ['https://game.example/hook', 'http://8.8.8.8:8080/x', 'https://[2001:4860:4860::8888]/'])
      expect(nonPublicUrlReason(url), url).toBeUndefined();
  });
});

describe('assertPublicUrl', () => {
  it('refuses a name that resolves to a non-public address, any of several', async () => {
    const resolve = async () => [{ address: '93.184.216.34' }, { address: '10.0.0.7' }];
    await expect(assertPublicUrl('https://game.example/hook', resolve)).rejects.toThrow(NonPublicAddressError);
    await expect(assertPublicUrl('https://game.example/hook', resolve)).rejects.toThrow(/10\.0\.0\.7/);
  });

  it('passes a name resolving to public addresses only, and does not resolve literals', async () => {
    let asked = 0;
    const resolve = async () => {
      asked += 1;
      return [{ address: '93.184.216.34' }, { address: '2606:2800:220:1::1' }];
    };
    await expect(assertPublicUrl('https://game.example/hook', resolve)).resolves.toBeUndefined();
    await expect(assertPublicUrl('http://8.8.8.8/hook', resolve)).resolves.toBeUndefined();
    expect(asked).toBe(1);
  });

  it('leaves a failed lookup as its own (retryable) error', async () => {
    const resolve = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND game.example'), { code: 'ENOTFOUND' });
    };
    const error = await assertPublicUrl('https://game.example/hook', resolve).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(NonPublicAddressError);
  });
});
