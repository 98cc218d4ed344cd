/**
 * The deployed worker: the app with the client assets this build shipped, the delivery of
 * form entries (queue) and their sweep and retention (scheduled).
 */
import { ClientAssets } from '../app/build-records';
import { createApp } from './app';
import { configOf } from './config';
import { handleFormQueue } from './forms/delivery';
import { runScheduled } from './forms/scheduled';
import { warmIsolate } from './warm-up';

declare const __CLIENT_ASSETS__: unknown;

const assets = ClientAssets.parse(__CLIENT_ASSETS__);
const app = createApp({ assets });
warmIsolate({ app, assets });

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    await handleFormQueue(batch, env, configOf(env));
  },
  async scheduled(controller, env) {
    await runScheduled(env, configOf(env), controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
