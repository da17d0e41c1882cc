import { lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { type EmbeddedIpv4, embeddedIpv4, ipv6FromGroups, ipv6Groups } from "../../platform/ipv6";

/** The longest endpoint URL accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Addresses a webhook may not be sent to unless WEBHOOKS_ALLOW_PRIVATE is set: this host and its
 * neighbours, which a URL typed in the back office must not reach (the shop's database, a cloud's
 * metadata service), and the special-purpose ranges no webhook receiver is on.
 */
const PRIVATE_IPV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  PRIVATE_IPV4.addSubnet(network, prefix, "ipv4");

/**
 * IPv6's: the IANA special-purpose ranges (RFC 6890's registry) but the ones that carry an IPv4
 * address in a fixed place, which are judged by that address (`isPrivateAddress`). Two forms that
 * embed an IPv4 address are refused whole instead, public address or not: 6to4 (2002::/16,
 * deprecated by RFC 7526; the packet goes to whichever relay and router the embedded address
 * names) and local-use NAT64 (64:ff9b:1::/48, RFC 8215: where its IPv4 address sits depends on
 * the prefix length the network picked, and the translator is the shop's own neighbour). No real
 * receiver needs either; a shop whose receiver does can set WEBHOOKS_ALLOW_PRIVATE.
 */
const PRIVATE_IPV6 = new BlockList();
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["2001::", 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["3fff::", 20], // documentation
  ["5f00::", 16], // segment routing (SRv6) SIDs
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed inside some sites)
  ["ff00::", 8], // multicast
] as const)
  PRIVATE_IPV6.addSubnet(network, prefix, "ipv6");

/** The IPv6 forms judged by the IPv4 address they carry (api/platform/ipv6.ts). */
const JUDGED_BY_IPV4 = new Set<EmbeddedIpv4["form"]>(["mapped", "compatible", "translated", "nat64"]);

/**
 * Whether `address` (an IP address) is loopback, private, link-local, unique-local or otherwise not
 * public, in any spelling: an IPv6 address that carries an IPv4 address (IPv4-mapped
 * `::ffff:127.0.0.1`, -compatible `::127.0.0.1`, -translated `::ffff:0:127.0.0.1`, NAT64
 * `64:ff9b::127.0.0.1`, however written: `::ffff:0:7f00:1` is the same address) is judged by that
 * IPv4 address; 6to4 and Teredo by the IPv6 ranges, which refuse them whole.
 */
export function isPrivateAddress(address: string): boolean {
  const text = address.split("%")[0];
  const family = isIP(text);
  if (family === 4) return PRIVATE_IPV4.check(text, "ipv4");
  if (family !== 6) return false;
  const embedded = embeddedIpv4(text);
  if (embedded && JUDGED_BY_IPV4.has(embedded.form)) return PRIVATE_IPV4.check(embedded.ipv4, "ipv4");
  return PRIVATE_IPV6.check(ipv6FromGroups(ipv6Groups(text)!), "ipv6");
}

/** A URL's host as an IP address, if it is one: "[::1]" is "::1". */
const literalAddress = (url: URL) => {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) ? host : null;
};

/**
 * Why `text` cannot be an endpoint's URL as written, or null: http(s) only, no user name or
 * password in it, at most MAX_WEBHOOK_URL_LENGTH characters, and no loopback or private address
 * written as an IP unless `allowPrivate`. A name's addresses are checked by `resolvedProblem`.
 */
export function urlProblem(text: string, allowPrivate: boolean): string | null {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `The URL is at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "The URL is not a valid URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https:// or http://";
  if (url.username || url.password) return "The URL may not hold a user name or password: use the secret";
  const address = literalAddress(url);
  if (address && !allowPrivate && isPrivateAddress(address))
    return `The URL points at a private or loopback address (${address})`;
  return null;
}

/** How long registering an endpoint waits for its name to resolve. */
const RESOLVE_WAIT_MS = 5000;

/**
 * Why the host of `text` (a URL `urlProblem` accepts) cannot be sent to: a name that resolves to
 * a private or loopback address, unless `allowPrivate`. A name that does not resolve (yet) is
 * accepted here; every delivery resolves it again and refuses it then.
 */
export async function resolvedProblem(text: string, allowPrivate: boolean): Promise<string | null> {
  const url = new URL(text);
  if (allowPrivate || literalAddress(url)) return null;
  const addresses = await new Promise<{ address: string }[]>((resolve) => {
    const timer = setTimeout(() => resolve([]), RESOLVE_WAIT_MS);
    lookup(url.hostname, { all: true }, (error, found) => {
      clearTimeout(timer);
      resolve(error ? [] : found);
    });
  });
  const bad = addresses.find((entry) => isPrivateAddress(entry.address));
  return bad ? `${url.hostname} resolves to a private or loopback address (${bad.address})` : null;
}

/**
 * The DNS lookup of every webhook connection: the addresses a name resolves to are checked as the
 * connection is made, so a name that changes its answer after the check (DNS rebinding) is still
 * refused. Node does not call it for a URL's literal IP, which `urlProblem` checks.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const bad = allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (bad) {
        const refused = Object.assign(
          new Error(`${hostname} resolves to a private or loopback address (${bad.address})`),
          { code: "EPRIVATE" },
        );
        return callback(refused, "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      callback(null, first.address, first.family);
    });
  };
}
