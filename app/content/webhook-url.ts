/**
 * Where a webhook may deliver: an https URL whose host is a public DNS name. The worker posts
 * every stored form entry there, signed, so a URL that reaches the machine it runs beside
 * (localhost, 127.x, [::1], 169.254.169.254, a 10/8 or fc00::/7 address) or that carries a
 * password would turn content into a way to call internal services. IP literals are refused in
 * every spelling, not only the private ranges: the URL parser already reads 2130706433,
 * 0x7f.1 and 0177.0.0.1 as 127.0.0.1, and a public service has a name.
 */

/** Names reserved for one machine or a local network (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal). */
const LOCAL_SUFFIXES = ['localhost', 'local', 'home.arpa', 'internal'];
/** What the WHATWG parser leaves in `hostname` for an IPv4 address, whatever its spelling was. */
const IPV4_RE = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The message for a webhook URL that may not be delivered to, or null for one that may. */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Must be an https URL';
  }
  if (url.protocol !== 'https:') return 'Must be an https URL';
  // The parser drops an empty `user@`; the raw authority still shows it.
  const authority = raw.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:[/\\]*/, '').split(/[/\\?#]/)[0] ?? '';
  if (url.username !== '' || url.password !== '' || authority.includes('@'))
    return 'Must not carry a user name or password: the site signs each delivery with the webhook secret instead';
  const host = url.hostname;
  if (host.startsWith('[') || IPV4_RE.test(host)) return 'Must name its host by a DNS name, not an IP address';
  if (host.endsWith('.')) return 'Must name its host without a trailing dot';
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`)))
    return 'Must be a public host: localhost and names reserved for local networks are refused';
  if (!host.includes('.')) return 'Must be a public DNS name such as hooks.example.com, not a name of one label';
  return null;
}
