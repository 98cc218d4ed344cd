/**
 * Everything a bench, load or audit run starts (workerd, temp dirs, a sampler, browsers) is
 * stopped whether the run ends, fails or is interrupted: a workerd or a Chromium left behind
 * holds ports and loads the two cores everyone shares.
 */
import { cleanUpOnSignals } from '../../scripts/lib/cli';
import { removeAll, tempDir } from './temp-dirs';

export class Cleanup {
  private readonly tasks: (() => Promise<unknown>)[] = [];
  /** Where a failure message finds workerd's last words: set by whoever starts it. */
  workerdStderr: (() => string) | undefined;

  /** Runs `task` at cleanup, before anything deferred earlier (what started last stops first). */
  defer(task: () => Promise<unknown>): void {
    this.tasks.push(task);
  }

  async tempDir(prefix: string): Promise<string> {
    const dir = await tempDir(prefix);
    this.defer(() => removeAll([dir]));
    return dir;
  }

  async run(): Promise<void> {
    while (this.tasks.length) await this.tasks.pop()!().catch(() => undefined);
  }
}

/**
 * Runs a tool's main to its exit code, cleaning up on every path out: the end, a throw (printed
 * as "<name> failed: …", with workerd's stderr when there is one) and Ctrl-C.
 */
export async function runToExit(name: string, cleanup: Cleanup, main: () => Promise<number>): Promise<never> {
  cleanUpOnSignals(() => cleanup.run());
  let code = 1;
  try {
    code = await main();
  } catch (err) {
    process.stderr.write(`${name} failed: ${(err as Error).stack ?? String(err)}\n`);
    if (cleanup.workerdStderr) process.stderr.write(`workerd stderr:\n${cleanup.workerdStderr()}\n`);
  } finally {
    await cleanup.run();
  }
  process.exit(code);
}
