/**
 * "Did you mean …?": the known name closest to a misspelt one, or none when nothing is close
 * enough to be a plausible typo. Used for command-line options and content keys alike.
 */

/** Edit distance (insert, delete, substitute, and swap of two neighbours, each costing 1). */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The closest of `known` to `name`, case ignored, if it is a plausible slip: one edit for a name
 * of up to 4 characters, two for a longer one (`descripton` → `description`, `--kep` → `--keep`;
 * `seo` suggests nothing for `title`). Further than that, a suggestion misleads more than it helps.
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const wanted = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = (wanted.length <= 4 ? 1 : 2) + 1;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
