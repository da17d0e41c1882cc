import { lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** The longest endpoint URL accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Addresses a webhook may not be sent to unless WEBHOOKS_ALLOW_PRIVATE is set: this host and its
 * neighbours, which a URL typed in the back office must not reach (the shop's database, a cloud's
 * metadata service). Node checks an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4 rules.
 */
const PRIVATE = new BlockList();
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
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64 of IPv4 addresses
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

/** Whether `address` (an IP address) is loopback, private, link-local, unique-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
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
