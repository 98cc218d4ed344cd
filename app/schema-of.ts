/**
 * A schema typed as parsing to a declared type, checked on its output alone.
 *
 * `const S: z.ZodType<T> = schema` (or `satisfies z.ZodType<T>`) makes TypeScript compare the
 * schema's type with the whole of zod's `ZodType` interface. `tsc --generateTrace` found
 * that comparison costing seconds per schema, in every program that compiles it: the block
 * and rich-text schemas alone were a third of a typecheck. The constraint here compares one
 * member, what the schema parses to, which is what the annotation was for.
 */
import type { z } from 'zod';

export function schemaOf<T>() {
  return <S extends { _zod: { output: T } }>(schema: S): z.ZodType<T> => schema as unknown as z.ZodType<T>;
}

/**
 * What a function that only parses needs of a schema. A parameter typed so, rather than as
 * `z.ZodType<T>`, spares the same whole-interface comparison at every call (inferring T from
 * `parseJson(LogEntry, …)` was 2 s of the Node program's check).
 */
export interface SafeParser<T, In = unknown> {
  safeParse(input: In): z.ZodSafeParseResult<T>;
}
