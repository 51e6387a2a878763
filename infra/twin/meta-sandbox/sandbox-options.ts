import * as z from 'zod';
import { FaultSettingsSchema } from './faults.js';

/**
 * startMetaSandbox's options, checked once at start so a bad setting in the
 * twin or a benchmark fails loudly with every problem named.
 */

const UsageLimitsSchema = z
  .object({
    tier: z.enum(['development_access', 'standard_access']),
    maxScore: z.number().positive(),
    decaySeconds: z.number().positive(),
    blockSeconds: z.number().nonnegative(),
    adsManagementPerHour: z.number().positive(),
    adsInsightsPerHour: z.number().positive(),
    appCallsPerHour: z.number().positive(),
  })
  .partial()
  .strict();

export const SandboxOptionsSchema = z.object({
  port: z.number().int().min(0).max(65_535),
  host: z.string().min(1).optional(),
  appId: z.string().regex(/^\d+$/, 'must be numeric, like a Meta app id'),
  appSecret: z.string().min(1),
  appName: z.string().min(1).max(100).optional(),
  allowedRedirectUris: z.array(z.url()).optional(),
  seed: z
    .object({
      seed: z.number().int().optional(),
      campaignsPerAccount: z.number().int().min(0).max(5_000).optional(),
      adsPerAdSet: z.number().int().min(1).max(50).optional(),
    })
    .strict()
    .optional(),
  now: z.custom<() => Date>((value) => typeof value === 'function', 'must be a function returning a Date').optional(),
  usage: z.union([z.literal('development'), z.literal('standard'), UsageLimitsSchema]).optional(),
  faults: FaultSettingsSchema.optional(),
  pastApproval: z.boolean().optional(),
  stateFile: z.string().min(1).optional(),
  log: z.custom<(line: string) => void>((value) => typeof value === 'function', 'must be a function').optional(),
});

export function checkSandboxOptions(options: unknown): void {
  const result = SandboxOptionsSchema.safeParse(options);
  if (result.success) return;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`);
  throw new Error(`startMetaSandbox: invalid options — ${problems.join('; ')}`);
}
