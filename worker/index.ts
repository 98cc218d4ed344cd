/** The deployed worker: the app with the client assets this build shipped. */
import { ClientAssets } from '../app/build-records';
import { createApp } from './app';

declare const __CLIENT_ASSETS__: unknown;

export default createApp({ assets: ClientAssets.parse(__CLIENT_ASSETS__) });
