/** What `npm test` does about Chromium before any test: go on, install it, or stop with one command. */
import { describe, expect, test } from 'vitest';
import { chromiumSetup, type ChromiumMachine } from '../../scripts/lib/chromium';

const missing: ChromiumMachine = {
  present: false,
  path: '/usr/bin/chromium',
  customPath: false,
  root: false,
  passwordlessSudo: false,
  apt: true,
};

describe('chromiumSetup', () => {
  test('a machine with Chromium goes straight to the tests', () => {
    expect(chromiumSetup({ ...missing, present: true })).toEqual({ action: 'ready' });
  });

  test('root installs Debian’s chromium with apt-get, without prompts', () => {
    expect(chromiumSetup({ ...missing, root: true })).toEqual({
      action: 'install',
      steps: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'chromium'],
      ],
    });
  });

  test('a user with sudo without a password installs it through sudo -n, as CI does', () => {
    expect(chromiumSetup({ ...missing, passwordlessSudo: true })).toEqual({
      action: 'install',
      steps: [
        ['sudo', '-n', 'apt-get', 'update', '-qq'],
        ['sudo', '-n', 'apt-get', 'install', '-y', '-qq', 'chromium'],
      ],
    });
  });

  test('a user who would be asked for a password is told the one command to run', () => {
    expect(chromiumSetup(missing)).toEqual({
      action: 'stop',
      message: "the browser tests need Debian's Chromium at /usr/bin/chromium: run `sudo apt-get install chromium`, then npm test again",
    });
  });

  test('a CHROMIUM_PATH that is not there is reported, never replaced by an install', () => {
    const setup = chromiumSetup({ ...missing, root: true, customPath: true, path: '/opt/chrome/chrome' });
    expect(setup).toEqual({ action: 'stop', message: expect.stringContaining('CHROMIUM_PATH is /opt/chrome/chrome') });
  });

  test('a machine without apt-get is told to install Chromium and name it', () => {
    const setup = chromiumSetup({ ...missing, root: true, apt: false });
    expect(setup).toEqual({ action: 'stop', message: expect.stringContaining('set CHROMIUM_PATH') });
  });
});
