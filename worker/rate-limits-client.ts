// Who a rate limit counts a call against: the client's network, not its exact address. An IPv4 client is its whole
// address. An IPv6 client is its /64: that is what one ordinary line (a home, a phone, a small server) is handed, and
// every address in it is the same client's to pick, so counting the whole address would give one client 2^64 fresh
// counters. An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.

/** The rate-limit key of a client address: IPv4 as it is, IPv6 as its /64 ("2001:db8:1:2::/64"). */
export function clientKeyOf(address: string): string {
  const trimmed = address.trim().toLowerCase();
  if (!trimmed.includes(":")) return trimmed;
  const groups = ipv6Groups(trimmed);
  // Not an address Cloudflare would send (only a local caller can send such a header): counted as written.
  if (!groups) return trimmed;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/;
const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of an IPv6 address (with "::", an embedded IPv4 tail or a zone), or null. */
function ipv6Groups(address: string): number[] | null {
  const [withoutZone = ""] = address.split("%");
  const halves = withoutZone.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const groups: number[] = [];
    const parts = half.split(":");
    for (const [i, part] of parts.entries()) {
      const quad = i === parts.length - 1 ? DOTTED_QUAD.exec(part) : null;
      if (quad) {
        const bytes = quad.slice(1).map(Number);
        if (bytes.some((byte) => byte > 255)) return null;
        const [a = 0, b = 0, c = 0, d = 0] = bytes;
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (HEX_GROUP.test(part)) {
        groups.push(Number.parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}
