/**
 * The browser entry: hydrate the server-rendered app from the view the server embedded.
 * Kept free of zod and the content schemas so the bundle stays small: the boot data comes
 * from our own worker in the same response.
 */
import { hydrateRoot } from 'react-dom/client';
import { APP_ROOT_ELEMENT_ID, BOOT_DATA_ELEMENT_ID } from '../dom-ids';
import { App } from '../render/app';
import type { BootData } from '../view';
import '../styles/site.css';

function readBootData(): BootData | null {
  const text = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}

const boot = readBootData();
const root = document.getElementById(APP_ROOT_ELEMENT_ID);
if (boot && root) {
  hydrateRoot(root, <App view={boot.view} />);
  document.documentElement.dataset.hydrated = 'true';
}
