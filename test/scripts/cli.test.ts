import { describe, expect, it } from 'vitest';
import { asksForHelp, helpText, unknownOptionMessage } from '../../scripts/lib/cli';

const spec = {
  usage: 'npm run gc -- [--keep N] [--force]',
  summary: 'Remove what only older builds use.',
  options: {
    keep: { type: 'string', default: '10', value: 'N', description: 'builds to keep' },
    force: { type: 'boolean', default: false, description: 'also recent ones' },
  },
  examples: ['npm run gc -- --keep 3'],
} as const;

describe('helpText', () => {
  it('lists every option with its value, description and default, then an example', () => {
    const text = helpText(spec);
    expect(text).toMatch(/^usage: npm run gc -- \[--keep N\] \[--force\]\n/);
    expect(text).toMatch(/--keep N\s+builds to keep \(default: 10\)/);
    expect(text).toMatch(/--force\s+also recent ones\n/);
    expect(text).toMatch(/--help, -h\s+print this help and exit/);
    expect(text).toMatch(/example:\n {2}npm run gc -- --keep 3\n$/);
  });
});

describe('asksForHelp', () => {
  it('finds --help and -h among the options', () => {
    expect(asksForHelp(['--keep', '3', '--help'])).toBe(true);
    expect(asksForHelp(['-h'])).toBe(true);
  });

  it('leaves a --help after the -- that ends the options to the command', () => {
    expect(asksForHelp(['--', '--help'])).toBe(false);
    expect(asksForHelp(['--keep', '3'])).toBe(false);
  });
});

describe('unknownOptionMessage', () => {
  it('names the unknown option and the closest known one', () => {
    expect(unknownOptionMessage('--kep', ['keep', 'force'], spec.usage)).toBe(
      'unknown option --kep; did you mean --keep? (npm run gc -- --help lists the options)',
    );
  });

  it('drops an inline value from the name it shows', () => {
    expect(unknownOptionMessage('--kep=3', ['keep'], spec.usage)).toMatch(/^unknown option --kep; did you mean --keep\?/);
  });

  it('suggests nothing for an option unlike any known one', () => {
    expect(unknownOptionMessage('--colour', ['keep', 'force'], spec.usage)).toBe(
      'unknown option --colour (npm run gc -- --help lists the options)',
    );
  });
});
