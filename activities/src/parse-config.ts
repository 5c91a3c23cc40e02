import type { z } from 'zod';

/** Parses an environment with a schema; throws one error naming every missing or invalid variable. */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  check?: (cfg: z.infer<S>) => string[],
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = check?.(parsed.data) ?? [];
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return parsed.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
