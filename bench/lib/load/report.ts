/** What a load run prints (formatting only). */
import { fmt, section, table } from '../format';
import { MAX_MEMORY_GROWTH, WARMUP_STEP_S, type LoadAnalysis } from './analyse';
import type { LoadMeasurements } from './measurements';

type Log = (line: string) => void;

export function printLoad(m: LoadMeasurements, { verdict, problems }: LoadAnalysis, log: Log): void {
  const { result, mix, tally, publish } = m;
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
  const growth = m.rssAtEnd / rssAfterWarmup - 1;
  log(
    `\nworkerd memory (RSS, pid ${m.pid}): ${fmt.mb(rssAfterWarmup)} after warm-up, ${fmt.mb(m.rssAtEnd)} at the end (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%, limit +${MAX_MEMORY_GROWTH * 100}%)`,
  );
  log(`warm-up RSS every ${WARMUP_STEP_S} s: ${m.rssTrace.map((b) => fmt.mb(b)).join(' -> ')}`);
  log(
    `publish under load: ${m.oldId} -> ${m.newId} at ${fmt.ms(publish.publishedAt / 1000, 1)} s; ` +
      `first page of the new build ${verdict.firstNewAfterMs === null ? 'never' : `${fmt.int(verdict.firstNewAfterMs)} ms`} after the pointer write, ` +
      `last of the old ${verdict.lastOldAfterMs === null ? '-' : `${fmt.int(verdict.lastOldAfterMs)} ms`} after (pointer TTL ${m.ttlMs} ms)`,
  );
  log(`sampled pages by build: ${fmt.statuses(verdict.counts)}`);
  log(
    `form entries: ${fmt.int(m.formEntries.accepted)} posts answered 200, ${fmt.int(m.formEntries.stored)} rows in FORMS_DB, ${fmt.int(m.formEntries.missing)} accepted but not stored`,
  );
  log(
    problems.length
      ? `\nFAILED:\n  ${problems.join('\n  ')}`
      : '\nOK: no 5xx, no socket errors or timeouts, every status as expected, every accepted form entry stored, memory steady, clean build switch',
  );
}
