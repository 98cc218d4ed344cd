/**
 * application/x-www-form-urlencoded, parsed as it streams in: each `name=value` pair is decoded
 * (as URLSearchParams does) once the `&` after it has arrived, and pairs are counted as they
 * are, so a body with too many stops being parsed at the first pair over the limit.
 */
import { DomainError } from '../domain-error';

/** The body carries more pairs than a form post may. */
export class UrlEncodedError extends DomainError {
  readonly name = 'UrlEncodedError';
  readonly status = 400;
}

export class UrlEncodedParser {
  private readonly decoder = new TextDecoder();
  /** text since the last `&`: the start of a pair whose end has not arrived */
  private pending: string[] = [];
  private pairs = 0;
  private readonly values = new Map<string, string>();

  /** `maxPairs`: the most pairs a body may carry (a repeated name counts each time). */
  constructor(private readonly maxPairs: number) {}

  push(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk, { stream: true });
    // Only the new text is searched, so a long value costs its length once, not per chunk.
    const last = text.lastIndexOf('&');
    if (last === -1) {
      if (text !== '') this.pending.push(text);
      return;
    }
    this.pending.push(text.slice(0, last));
    this.addPairs(this.pending.join(''));
    this.pending = [text.slice(last + 1)];
  }

  /** The values by name, the last of a repeated name winning. */
  end(): Map<string, string> {
    this.pending.push(this.decoder.decode());
    this.addPairs(this.pending.join(''));
    this.pending = [];
    return this.values;
  }

  private addPairs(text: string): void {
    for (let from = 0; from <= text.length;) {
      const amp = text.indexOf('&', from);
      const to = amp === -1 ? text.length : amp;
      // An empty pair (`a&&b`) is no field, as URLSearchParams has it.
      if (to > from) this.add(text.slice(from, to));
      from = to + 1;
    }
  }

  private add(pair: string): void {
    if (++this.pairs > this.maxPairs) throw new UrlEncodedError('too many fields');
    // The `&` keeps URLSearchParams from dropping a leading `?`, which is part of a name here.
    for (const [name, value] of new URLSearchParams(`&${pair}`)) this.values.set(name, value);
  }
}
