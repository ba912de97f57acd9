import { lookup } from 'node:dns/promises';
import { BlockList, isIP, isIPv4, type LookupFunction } from 'node:net';

/**
 * Addresses a server-to-server request of ours must not reach in production (SSRF): the
 * game-server webhook is a URL an admin types, and the portal must not be made to post into
 * its own network. Node's own `net.BlockList` holds the ranges (no dependency; it also
 * matches IPv4-mapped IPv6 addresses such as ::ffff:127.0.0.1 against the IPv4 ranges).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", incl. the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified (::), loopback (::1) and the deprecated IPv4-compatible ::a.b.c.d
  ['100::', 64], // discard-only
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001::', 32], // Teredo: the tunnelled IPv4 end is hidden (XORed) in the address, refused whole
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The 16 bytes of an IPv6 address in text form (a trailing dotted IPv4 part included). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const words = (part: string) => (part === '' ? [] : part.split(':').map((word) => Number.parseInt(word, 16)));
  const front = words(head);
  const back = tail === undefined ? [] : words(tail);
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return all.flatMap((word) => [word >> 8, word & 0xff]);
}

/**
 * The IPv4 address an IPv6 address carries for a translator or tunnel that reaches it:
 * NAT64's well-known prefix 64:ff9b::/96 (the last 32 bits) and 6to4's 2002::/16 (bits 16-48).
 */
function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  const nat64 = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];
  if (nat64.every((byte, index) => bytes[index] === byte)) return bytes.slice(12, 16).join('.');
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6).join('.');
  return undefined;
}

/** True for an IP address (v4 or v6 text) that is not a public unicast address. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (NOT_PUBLIC.check(address, 'ipv6')) return true;
  // IPv4-mapped (::ffff:0:0/96, in any spelling) and IPv4-translated (::ffff:0:0:0/96): no
  // public webhook is written that way, and a stack may connect to the IPv4 address inside, so
  // both are refused whole. (Not in the BlockList: it would match every IPv4 address too.)
  const bytes = ipv6Bytes(address);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return true;
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return true;
  // A translated or tunnelled address leads wherever the IPv4 address inside it does.
  const inner = embeddedIpv4(address);
  return inner !== undefined && isIPv4(inner) && NOT_PUBLIC.check(inner, 'ipv4');
}

/** The host of a URL as an IP literal (brackets dropped), or undefined for a name. */
function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

/**
 * Why a URL may not be a production webhook target, or undefined when it may: only http(s),
 * and no loopback/private/link-local/unique-local/unspecified address, written as an IP (in
 * any form the URL parser normalizes: 0x7f.1, 2130706433, [::ffff:127.0.0.1]) or as
 * `localhost`. Names are checked again, resolved, at delivery (assertPublicHost).
 */
export function nonPublicUrlReason(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'the URL is not valid';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'only http and https URLs are allowed';
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'the host is this machine (localhost)';
  const literal = literalAddress(host);
  if (literal && isNonPublicAddress(literal)) return `the address ${literal} is not public (private, loopback, link-local or unspecified)`;
  return undefined;
}

/** A target refused for its address: retrying cannot help. */
export class NonPublicAddressError extends Error {
  override name = 'NonPublicAddressError';
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string }>>;

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Checks a URL right before a request: its scheme and literal host, then every address its
 * name resolves to. Throws NonPublicAddressError when any of them is not public; a failed
 * lookup throws the resolver's own (retryable) error.
 */
export async function assertPublicUrl(url: string, resolve: Resolver = systemResolver): Promise<void> {
  const reason = nonPublicUrlReason(url);
  if (reason) throw new NonPublicAddressError(reason);
  const host = new URL(url).hostname;
  if (literalAddress(host)) return;
  const addresses = await resolve(host);
  const bad = addresses.find((entry) => isNonPublicAddress(entry.address));
  if (bad) throw new NonPublicAddressError(`${host} resolves to ${bad.address}, which is not public`);
}

/**
 * A `lookup` for sockets (net.connect / tls.connect, and so undici's connector) that resolves
 * the name once, refuses it when any address is not public, and hands the connection exactly
 * the addresses it checked: a name cannot pass the check and then resolve inside our network
 * for the connection itself (DNS rebinding). IP literals never reach a lookup: callers check
 * them first (assertPublicUrl).
 */
export function publicOnlyLookup(
  resolve: Resolver = systemResolver,
  refused: (address: string) => boolean = isNonPublicAddress,
): LookupFunction {
  return (hostname, options, callback) => {
    const answer = async () => {
      const found = isIP(hostname) ? [{ address: hostname }] : await resolve(hostname);
      const bad = found.find((entry) => refused(entry.address));
      if (bad) throw new NonPublicAddressError(`${hostname} resolves to ${bad.address}, which is not public`);
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
      const addresses = found
        .map((entry) => ({ address: entry.address, family: isIP(entry.address) }))
        .filter((entry) => wanted === 0 || entry.family === wanted);
      if (addresses.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
      return addresses;
    };
    answer().then(
      (addresses) => {
        if (options.all) (callback as unknown as (error: null, list: typeof addresses) => void)(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
