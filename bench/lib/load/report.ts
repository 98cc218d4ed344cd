/** What a load run prints (formatting only). */
import { fmt, section, table } from '../format';
import { MAX_HEAP_GROWTH, WARMUP_STEP_S, type LoadAnalysis } from './analyse';
import type { LoadMeasurements } from './measurements';

type Log = (line: string) => void;

const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const seconds = (ms: number) => `${fmt.ms(ms / 1000, 1)} s`;

export function printLoad(m: LoadMeasurements, { verdicts, heapGrowth, problems }: LoadAnalysis, log: Log): void {
  const { result, mix, tally } = m;
  const rssAfterWarmup = m.rssTrace.at(-1)!;
  log(
    section(
      `Load: plain workerd serve (static assets, then the worker), ${m.settings.connections} connections, ${m.warmedSeconds.toFixed(0)} s warm-up + ${result.seconds.toFixed(1)} s`,
    ),
  );
  log(
    `requests: ${fmt.int(result.requests)}   req/s: ${fmt.int(result.rps)}   p50: ${fmt.ms(result.p50)} ms   p99: ${fmt.ms(result.p99)} ms`,
  );
  log(`status counts: ${fmt.statuses(result.statusCounts)}`);
  log(`socket errors: ${result.errors} (timeouts: ${result.timeouts}), connection resets: ${result.resets}`);
  log('');
  log(
    table(
      ['request kind', 'in mix', 'answers', 'statuses'],
      [...new Set(mix.map((e) => e.kind))].map((kind) => {
        const counts = tally.byKind[kind] ?? {};
        return [
          kind,
          mix.filter((e) => e.kind === kind).length,
          fmt.int(Object.values(counts).reduce((x, y) => x + y, 0)),
          fmt.statuses(counts),
        ];
      }),
    ),
  );
  if (tally.examples.length) log(`wrong statuses, e.g.:\n  ${tally.examples.join('\n  ')}`);
  for (const w of m.faultWindows)
    log(
      `KV reads failing from ${seconds(w.start)} to ${seconds(w.end)}: ${fmt.int(tally.noted.filter((n) => n.at >= w.start && n.at <= w.end + 2000 && n.status === 503).length)} answers were 503`,
    );

  const afterWarmup = m.heapTrace[0]?.usedBytes ?? NaN;
  log(
    `\nsite isolate heap after GC (the memory check): ${fmt.mb(afterWarmup)} after warm-up, ${fmt.mb(m.heapTrace.at(-1)?.usedBytes ?? NaN)} at the end (${pct(heapGrowth)}, limit +${MAX_HEAP_GROWTH * 100}%), highest ${fmt.mb(Math.max(...m.heapTrace.map((h) => h.usedBytes)))}`,
  );
  log(`  samples: ${m.heapTrace.map((h) => `${seconds(h.at)} ${fmt.mb(h.usedBytes)}`).join(', ')}`);
  log(
    `workerd RSS (whole process, reported, not judged; pid ${m.pid}): ${fmt.mb(rssAfterWarmup)} after warm-up, ${fmt.mb(m.rssAtEnd)} at the end (${pct(m.rssAtEnd / rssAfterWarmup - 1)})`,
  );
  log(`warm-up RSS every ${WARMUP_STEP_S} s: ${m.rssTrace.map((b) => fmt.mb(b)).join(' -> ')}`);
  if (m.snapshots) {
    log('\nheap snapshots, after warm-up -> end, classes that grew most (self size):');
    log(
      table(
        ['class', 'count', 'Δ count', 'bytes', 'Δ bytes'],
        m.snapshots.growth.map((g) => [
          g.name.slice(0, 50),
          fmt.int(g.count),
          fmt.int(g.countDelta),
          fmt.int(g.bytes),
          fmt.int(g.bytesDelta),
        ]),
      ),
    );
    log(`retaining path of the object class that grew most: ${m.snapshots.retainingPath?.join(' ') ?? 'none reachable'}`);
    log(`snapshots: ${m.snapshots.files.join(', ')}`);
  }

  m.publishes.forEach((p, i) => {
    const v = verdicts[i]!;
    log(
      `publish under load: ${m.ids[i]} -> ${p.id} at ${seconds(p.publishedAt)}; ` +
        `first page of the new build ${v.firstNewAfterMs === null ? 'never' : `${fmt.int(v.firstNewAfterMs)} ms`} after the pointer write, ` +
        `last of the old ${v.lastOldAfterMs === null ? '-' : `${fmt.int(v.lastOldAfterMs)} ms`} after (pointer TTL ${m.ttlMs} ms); sampled: ${fmt.statuses(v.counts)}`,
    );
  });
  log(
    `form entries: ${fmt.int(m.formEntries.accepted)} posts answered 200, ${fmt.int(m.formEntries.stored)} rows in FORMS_DB, ${fmt.int(m.formEntries.missing)} accepted but not stored`,
  );
  log(
    problems.length
      ? `\nFAILED:\n  ${problems.join('\n  ')}`
      : `\nOK: no 5xx${m.faultWindows.length ? ' outside the fault window (503s inside it)' : ''}, no socket errors or timeouts, every status as expected, every accepted form entry stored, the site's heap flat, clean build switches`,
  );
}
