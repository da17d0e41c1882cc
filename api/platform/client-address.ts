import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { embeddedIpv4, ipv6FromGroups, ipv6Groups } from "./ipv6";

/**
 * Whose word we take for the client's address (TRUST_PROXY, parsed by api/config.ts; docs/configuration.md,
 * "Configuration"). X-Forwarded-For is text anyone can send, so by default it is ignored and the
 * socket's peer is the client. Behind proxies, the header is read from the right (the entry the
 * nearest proxy appended) and only as far as the hops we trust, the way Express's `trust proxy`
 * (proxy-addr) does: never its first entry, which the client wrote.
 */
export type TrustProxy =
  | { mode: "off" }
  /** That many proxies stand in front of us: the socket's peer is the first of them. */
  | { mode: "hops"; hops: number }
  /** Proxies are recognised by address: hops from these addresses and ranges are trusted. */
  | { mode: "addresses"; list: BlockList; entries: string[] };

export const TRUST_NO_PROXY: TrustProxy = { mode: "off" };

/** More hops than any real chain of proxies; a bound on the walk, not a policy. */
const MAX_HOPS = 32;
/** The tail of X-Forwarded-For that is read: MAX_HOPS entries of the longest address form fit in it. */
const MAX_HEADER_TAIL = MAX_HOPS * 64;
/** The longest text an address (with brackets, port or zone) may take before it is refused as garbage. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * Parses TRUST_PROXY: unset, "", "0", "false" or "off" trust no one; a whole number 1–32 is a hop
 * count; anything else is a comma-separated list of addresses and CIDR ranges, IPv4 or IPv6
 * ("10.0.0.0/8, 192.168.1.7, ::1, fd00::/8"). Throws on a value it cannot read, so a typo stops
 * the server instead of silently trusting no one (or everyone).
 */
export function parseTrustProxy(value: string | undefined | null): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || /^(0|false|off|no)$/i.test(text)) return TRUST_NO_PROXY;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops === 0) return TRUST_NO_PROXY;
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY hop count must be 1 to ${MAX_HOPS}`);
    return { mode: "hops", hops };
  }
  const list = new BlockList();
  const entries: string[] = [];
  for (const part of text.split(",")) {
    const entry = part.trim();
    if (entry === "") continue;
    const [rawAddress, prefixText, extra] = entry.split("/");
    const address = rawAddress.trim();
    const family = isIP(address);
    if (family === 0 || extra !== undefined) throw new Error(`TRUST_PROXY: "${entry}" is not an address or CIDR range`);
    if (prefixText === undefined) {
      // An IPv4-mapped IPv6 address is stored as the IPv4 address it is (see normalizeAddress).
      const normalized = normalizeAddress(address)!;
      list.addAddress(normalized, isIP(normalized) === 4 ? "ipv4" : "ipv6");
    } else {
      const bits = family === 4 ? 32 : 128;
      if (!/^\d{1,3}$/.test(prefixText.trim()) || Number(prefixText) > bits) {
        throw new Error(`TRUST_PROXY: "${entry}" has a prefix length outside 0–${bits}`);
      }
      list.addSubnet(address, Number(prefixText), family === 4 ? "ipv4" : "ipv6");
    }
    entries.push(entry);
  }
  if (entries.length === 0) throw new Error("TRUST_PROXY lists no address");
  return { mode: "addresses", list, entries };
}

/**
 * One address in one spelling, or null when `raw` is not an IP address: surrounding spaces,
 * `[v6]:port` brackets, an IPv4 `:port` and an IPv6 zone (`%eth0`) are dropped; IPv6 is written in
 * its canonical form (lower case, zeros compressed), and an IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`, what a dual-stack socket reports for an IPv4 client) becomes the IPv4 address,
 * so one client is counted under one key however it arrives.
 */
export function normalizeAddress(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  let text = raw.trim();
  if (text === "" || text.length > MAX_ADDRESS_LENGTH) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else {
    const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
    if (withPort) text = withPort[1];
  }
  const zone = text.indexOf("%");
  if (zone > 0 && isIP(text) === 6) text = text.slice(0, zone);
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6) return null;
  // The URL parser writes IPv6 canonically (RFC 5952), "::ffff:1.2.3.4" as "::ffff:102:304".
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const high = Number.parseInt(mapped[1], 16);
    const low = Number.parseInt(mapped[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return canonical;
}

/** The IPv6 prefix length per-address limits group by (IPV6_LIMIT_PREFIX), and the lengths it may take. */
export const IPV6_LIMIT_PREFIX = { default: 64, min: 32, max: 128 } as const;

/**
 * What a limit that counts per client address counts `address` under (api/lib/accounts/throttle.ts):
 * - an IPv4 address, itself (one address is what one household or office gets);
 * - an IPv6 address, its network of `ipv6Prefix` bits, written "2001:db8:1:2::/64": one subscriber
 *   is given a whole /64 (or /56, /48), so counting each address on its own would give whoever
 *   holds a /64 2^64 fresh counters;
 * - an IPv6 address that carries an IPv4 address (IPv4-mapped or -compatible, SIIT, NAT64, 6to4,
 *   Teredo; api/platform/ipv6.ts), that IPv4 address: it is the client's (or its site's) network,
 *   so the same client counts once however it arrives, and a 6to4 site (a /48 per IPv4 address) is
 *   one key, not 65,536.
 */
export function limitNetwork(address: string, ipv6Prefix: number): string {
  const normalized = normalizeAddress(address);
  // Callers hand normalized addresses; anything else is kept as it came, bounded.
  if (normalized === null) return address.slice(0, MAX_ADDRESS_LENGTH);
  if (isIP(normalized) === 4) return normalized;
  const embedded = embeddedIpv4(normalized);
  if (embedded) return embedded.ipv4;
  const bits = Math.min(128, Math.max(0, Math.trunc(ipv6Prefix)));
  const masked = ipv6Groups(normalized)!.map((group, index) => {
    const kept = Math.min(16, Math.max(0, bits - index * 16));
    return group & ((0xffff << (16 - kept)) & 0xffff);
  });
  return `${ipv6FromGroups(masked)}/${bits}`;
}

/** X-Forwarded-For's entries nearest first (the right end), at most MAX_HOPS of them. */
function forwardedHops(header: string | null | undefined): string[] {
  if (!header) return [];
  // Only the tail can matter: the walk stops after MAX_HOPS. A cut first entry is garbage, and dropped.
  const cut = header.length > MAX_HEADER_TAIL;
  const entries = (cut ? header.slice(-MAX_HEADER_TAIL) : header).split(",");
  if (cut) entries.shift();
  return entries.reverse().slice(0, MAX_HOPS);
}

function trusts(trust: TrustProxy, address: string, hop: number): boolean {
  if (hop >= MAX_HOPS) return false;
  switch (trust.mode) {
    case "off":
      return false;
    case "hops":
      return hop < trust.hops;
    case "addresses":
      return trust.list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
  }
}

/**
 * The client's address from the socket's peer and the X-Forwarded-For header (several headers
 * arrive joined by ", ", which reads the same), under `trust`:
 * - off: the peer, whatever the header says;
 * - a hop count N: the peer is the nearest proxy; the answer is the Nth entry from the right of the
 *   header (1: the last entry, which our one proxy appended), or the first entry when there are fewer;
 * - addresses: walking from the peer leftwards, the first address that is not a trusted proxy.
 * The walk stops at an entry that is not an IP address and answers the last address it could
 * vouch for, so a garbled header never becomes a throttling key of its own. Null when the peer
 * is unknown (a request without a socket): then nothing can vouch for the header either.
 */
export function resolveClientAddress(input: {
  peer: string | null | undefined;
  forwardedFor?: string | null;
  trust: TrustProxy;
}): string | null {
  let current = normalizeAddress(input.peer);
  if (current === null || input.trust.mode === "off") return current;
  const hops = forwardedHops(input.forwardedFor);
  for (let hop = 0; trusts(input.trust, current, hop); hop++) {
    if (hop >= hops.length) break;
    const next = normalizeAddress(hops[hop]);
    if (next === null) break;
    current = next;
  }
  return current;
}

/**
 * What the in-process storefront hands the API with each call (server/site.ts): Hono passes these
 * bindings to `app.fetch(request, bindings)`, where no HTTP client can set them, unlike a header.
 */
export type ClientBindings = {
  /** The shopper's address as the site resolved it (TRUST_PROXY applied); null when unknown. */
  clientAddress?: string | null;
  /** The site's request id (X-Request-Id), so the API's log lines carry it too. */
  requestId?: string;
};

/** The socket's peer when served by @hono/node-server; null without a Node socket (in-process calls, tests). */
export function socketPeer(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/**
 * The client's address for a request to the API: the storefront's binding when it called us
 * in-process (it resolved the shopper's address already), else the socket's peer and
 * X-Forwarded-For under `trust`. Null when unknown: then sign-in throttling counts per account only.
 */
export function clientAddress(c: Context, trust: TrustProxy): string | null {
  const bindings = c.env as ClientBindings | undefined;
  if (bindings && typeof bindings === "object" && "clientAddress" in bindings)
    return normalizeAddress(bindings.clientAddress);
  return resolveClientAddress({ peer: socketPeer(c), forwardedFor: c.req.raw.headers.get("x-forwarded-for"), trust });
}
