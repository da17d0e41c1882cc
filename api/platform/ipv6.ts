import { isIP } from "node:net";

/**
 * The many spellings of one IPv6 address, for the rules that must not be fooled by them: the
 * per-address limits (api/platform/client-address.ts, `limitNetwork`) and the webhook blocklist
 * (api/lib/webhooks/webhook-urls.ts, `isPrivateAddress`).
 */

/**
 * The eight 16-bit groups of an IPv6 address in any spelling Node accepts (zeros compressed or
 * not, upper or lower case, a dotted IPv4 tail, a `%zone`), or null when `address` is not IPv6.
 */
export function ipv6Groups(address: string): number[] | null {
  const text = address.split("%")[0];
  if (isIP(text) !== 6) return null;
  // The URL parser writes IPv6 canonically (RFC 5952), hex groups only: "::ffff:1.2.3.4" is "::ffff:102:304".
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  return groups.map((group) => Number.parseInt(group, 16));
}

/** IPv6 written canonically (RFC 5952) from its eight groups. */
export function ipv6FromGroups(groups: number[]): string {
  const plain = groups.map((group) => group.toString(16)).join(":");
  return new URL(`http://[${plain}]/`).hostname.slice(1, -1);
}

const ipv4From = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * The forms of IPv6 address that carry an IPv4 address in a place fixed by the form:
 * - `mapped` `::ffff:a.b.c.d` (::ffff:0:0/96): an IPv4 client on a dual-stack socket;
 * - `compatible` `::a.b.c.d` (::/96 but `::` and `::1`): deprecated (RFC 4291), still parsed;
 * - `translated` `::ffff:0:a.b.c.d` (::ffff:0:0:0/96): stateless translation (SIIT, RFC 2765);
 * - `nat64` `64:ff9b::a.b.c.d` (64:ff9b::/96): the well-known NAT64 prefix (RFC 6052);
 * - `6to4` `2002:aabb:ccdd::/48`: the network of the IPv4 address aa.bb.cc.dd (RFC 3056);
 * - `teredo` `2001:0::/32`: the client's IPv4 address in the last 32 bits, inverted (RFC 4380).
 * The local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215) is not here: where its IPv4 address sits
 * depends on the prefix length each network picks, which the address does not say.
 */
export type EmbeddedIpv4 = {
  form: "mapped" | "compatible" | "translated" | "nat64" | "6to4" | "teredo";
  ipv4: string;
};

/** The IPv4 address `address` (IPv6, any spelling) carries in one of the forms above, or null. */
export function embeddedIpv4(address: string): EmbeddedIpv4 | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return { form: "mapped", ipv4: ipv4From(g[6], g[7]) };
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return { form: "translated", ipv4: ipv4From(g[6], g[7]) };
  if (zeros(0, 6) && !(g[6] === 0 && g[7] <= 1)) return { form: "compatible", ipv4: ipv4From(g[6], g[7]) };
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return { form: "nat64", ipv4: ipv4From(g[6], g[7]) };
  if (g[0] === 0x2002) return { form: "6to4", ipv4: ipv4From(g[1], g[2]) };
  if (g[0] === 0x2001 && g[1] === 0) return { form: "teredo", ipv4: ipv4From(g[6] ^ 0xffff, g[7] ^ 0xffff) };
  return null;
}
