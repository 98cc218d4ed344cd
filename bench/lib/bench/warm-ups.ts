/**
 * Which URLs one workerd has already served under load. A run's warm-up exists for what is cold
 * the first time (V8 compiling and optimising the route's code, the edge cache filling); a
 * scenario that ran a minute ago in the same isolates is warm, and warming it again before each
 * of its rounds and each CPU pair cost a full run ~50 s of waiting for nothing.
 */
export class WarmUps {
  private readonly served = new Set<string>();

  /** Seconds of warm-up before a measured run of `url`: `seconds` the first time, then none. */
  before(url: string, seconds: number): number {
    if (this.served.has(url)) return 0;
    this.served.add(url);
    return seconds;
  }
}
