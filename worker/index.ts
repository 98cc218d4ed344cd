/**
 * The deployed worker: the app with the client assets this build shipped, the delivery of
 * form entries (queue) and their sweep and retention (scheduled).
 */
import { ClientAssets } from '../app/build-records';
import { createApp } from './app';
import { warmUserAgentParser } from './browser-support';
import { configOf } from './config';
import { handleFormQueue } from './forms/delivery';
import { runScheduled } from './forms/scheduled';

declare const __CLIENT_ASSETS__: unknown;

const app = createApp({ assets: ClientAssets.parse(__CLIENT_ASSETS__) });
warmUserAgentParser();

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await handleFormQueue(batch, env, configOf(env));
  },
  async scheduled(controller, env) {
    await runScheduled(env, configOf(env), controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
