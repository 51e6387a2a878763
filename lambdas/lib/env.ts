import { type z } from 'zod';

/**
 * Reads a function's configuration from the environment once, at cold start.
 * A missing or malformed value fails loudly, naming every one, so a bad deploy
 * shows up in the first log line rather than as a wrong answer later.
 */
export function readEnv<S extends z.ZodObject>(schema: S, source: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
}

/** Reads once on first use, so a module importing config does not fail before it is needed. */
export function lazyEnv<S extends z.ZodObject>(schema: S): () => z.infer<S> {
  let value: z.infer<S> | undefined;
  return () => (value ??= readEnv(schema));
}
