/**
 * What the build made of each raster image, as the payload carries it to the renderer
 * (app/build-records.ts). Client code imports only its types.
 */
import { z } from 'zod';

export const ImageVariant = z.object({ width: z.number().int().positive(), src: z.string().startsWith('/media/') });
const VariantList = z.array(ImageVariant).min(1).optional();
export const ImageInfo = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** variants per format, narrowest first */
  // An object of optional lists rather than z.enum/z.partialRecord: those pull zod code that
  // calls Object.fromEntries and Array#flatMap into the client bundle (Chrome 64, Safari 12).
  variants: z.object({ avif: VariantList, webp: VariantList, jpeg: VariantList, png: VariantList }),
  /** a tiny blurred JPEG (PNG with alpha) as a data: URL: formats every supported browser shows */
  placeholder: z.string().regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/=]+$/),
});
export type ImageInfo = z.infer<typeof ImageInfo>;
/** Per media path (`/media/photos/a.jpg`), what the build made of it. */
export const ImageManifest = z.record(z.string().startsWith('/media/'), ImageInfo);
export type ImageManifest = z.infer<typeof ImageManifest>;
