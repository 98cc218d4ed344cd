/** The /preview message, validated with the build's own Page schema (a chunk of its own). */
import { z } from 'zod';
import { Page } from '../../content/schema';

export { Page };

export const PreviewMessage = z.object({
  type: z.literal('preview:page'),
  path: z.string().max(1024),
  page: z.unknown(),
});
