/**
 * Debian's Chromium, as the tests and the audit start it. Without the background-networking
 * flags it keeps trying this machine's closed network; a fresh profile is the caller's job.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM;

export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What this machine allows, as `chromiumSetup` needs it (probed by `probeChromiumMachine`). */
export interface ChromiumMachine {
  /** the browser the tests start is there and executable */
  present: boolean;
  /** the path the tests start (CHROMIUM_PATH, or Debian's) */
  path: string;
  /** CHROMIUM_PATH names another browser than Debian's */
  customPath: boolean;
  root: boolean;
  /** `sudo -n true` succeeds: sudo without a password prompt */
  passwordlessSudo: boolean;
  /** apt-get is there (a Debian-like system) */
  apt: boolean;
}

/** Debian's package, installed as `.ci/run` does: no prompts. */
const APT_STEPS: readonly (readonly string[])[] = [
  ['apt-get', 'update', '-qq'],
  ['apt-get', 'install', '-y', '-qq', 'chromium'],
];

export type ChromiumSetup =
  | { action: 'ready' }
  /** run these in turn (with DEBIAN_FRONTEND=noninteractive) before any test */
  | { action: 'install'; steps: (readonly string[])[] }
  /** stop before any test with this one line */
  | { action: 'stop'; message: string };

/**
 * Whether `npm test` can start: Chromium there, or installable without asking anyone (root, or
 * sudo without a password, as CI has), or else the one command a person runs. A CHROMIUM_PATH
 * of one's own is never replaced by Debian's package.
 */
export function chromiumSetup(machine: ChromiumMachine): ChromiumSetup {
  if (machine.present) return { action: 'ready' };
  if (machine.customPath)
    return { action: 'stop', message: `CHROMIUM_PATH is ${machine.path}, which is not an executable: point it at a Chromium, or unset it` };
  if (!machine.apt)
    return { action: 'stop', message: `no Chromium at ${machine.path} and no apt-get: install Chromium, then set CHROMIUM_PATH to it` };
  if (machine.root) return { action: 'install', steps: APT_STEPS.map((s) => [...s]) };
  if (machine.passwordlessSudo) return { action: 'install', steps: APT_STEPS.map((s) => ['sudo', '-n', ...s]) };
  return {
    action: 'stop',
    message: `the browser tests need Debian's Chromium at ${machine.path}: run \`sudo apt-get install chromium\`, then npm test again`,
  };
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** This machine, for chromiumSetup: sudo is asked only when Chromium is missing and not root. */
export function probeChromiumMachine(path = CHROMIUM_PATH): ChromiumMachine {
  const present = executable(path);
  const root = process.getuid?.() === 0;
  return {
    present,
    path,
    customPath: path !== DEBIAN_CHROMIUM,
    root,
    passwordlessSudo: !present && !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
    apt: executable('/usr/bin/apt-get'),
  };
}
