/**
 * The build id a page names in its boot data (`<script type="application/json" id="site-data">`):
 * how the bench checks it measures the current build and the load test sees the switch to a new one.
 */
import { BOOT_DATA_ELEMENT_ID } from '../../app/dom-ids';

export function embeddedBuildId(html: string): string | null {
  const re = new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`);
  const json = re.exec(html)?.[1];
  if (json === undefined) return null;
  try {
    const id = (JSON.parse(json) as { buildId?: unknown }).buildId;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
