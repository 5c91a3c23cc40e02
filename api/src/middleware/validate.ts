import type { z } from 'zod';
import { ValidationError } from './error.middleware';

/** Parses untrusted input with a contract schema; a mismatch is a 400 with a readable message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ValidationError(result.error);
  return result.data;
}
