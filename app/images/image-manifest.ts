/**
 * What the build made of each raster image, as the payload carries it to the renderer
 * (app/build-records.ts): a compact descriptor (image-variants.ts, ImageDescriptor) from which
 * server and client derive the variant URLs. Client code imports only its types.
 */
import { z } from 'zod';
import type { ImageDescriptor } from './image-variants';

// Literals rather than z.enum: that pulls zod code calling Object.fromEntries and
// Array#flatMap into the client bundle (Chrome 64, Safari 12).
const Format = z.union([z.literal('avif'), z.literal('webp'), z.literal('jpeg'), z.literal('png')]);
const Px = z.number().int().positive();
const imageInfo = z.object({
  hash: z.string().regex(/^[0-9a-f]{16}$/),
  width: Px,
  height: Px,
  widths: z.array(Px).min(1),
  formats: z.array(Format).min(1),
});
// Checked as parsing to an ImageDescriptor without `satisfies z.ZodType<…>` (see schemaOf).
export const ImageInfo = imageInfo satisfies { _zod: { output: ImageDescriptor } };
export type ImageInfo = z.infer<typeof ImageInfo>;
/** Per media path (`/media/photos/a.jpg`), what the build made of it. */
export const ImageManifest = z.record(z.string().startsWith('/media/'), ImageInfo);
export type ImageManifest = z.infer<typeof ImageManifest>;
