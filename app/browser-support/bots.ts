/**
 * Which User-Agents are bots, for the browser-support check (docs/behaviour.md#37-bots-and-unknown-browsers):
 * bots imitate old browsers freely, and are always let in. One definition for the edge and the
 * client; the client loads it only for a browser it would otherwise turn away, since only then
 * does it change the verdict (a bot and a browser that passes are both let in).
 */
import { list as botPatterns } from 'isbot';

/** A crawler name in "xyzbot/1.0" form is enough. */
const BOT_FALLBACK = /\b[a-z]*(?:bot|crawler|spider)\/\d/i;

/**
 * isbot's list counts every "headless" UA as a bot, HeadlessChrome included. Headless Chrome is
 * judged as Chrome here (it is what automated checks of this site run), so only that one token is
 * exempted; other headless tools are still bots. Built on first use (start-up CPU is limited), from
 * strings, because the list uses lookbehind, which Safari before 16.4 cannot compile: there the
 * constructor throws and isbot's own short pattern stands in, which calls more User-Agents bots,
 * the safe direction.
 */
let botPattern: RegExp | undefined;

export function isBotUserAgent(ua: string): boolean {
  if (!botPattern) {
    try {
      botPattern = new RegExp(botPatterns.map((pattern) => (pattern === 'headless' ? 'headless(?!chrome)' : pattern)).join('|'), 'i');
    } catch {
      botPattern = /bot|crawl|http|lighthouse|scan|search|spider/i;
    }
  }
  return BOT_FALLBACK.test(ua) || botPattern.test(ua);
}
