import * as z from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok') });

/** The signed-in user as the API knows them: from the verified token and the user's attributes. */
export const MeSchema = z.object({
  uid: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
});
export type Me = z.infer<typeof MeSchema>;

export const UpdateMeSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(1, 'Display name is required')
      .max(100, 'Display name is at most 100 characters'),
  })
  .strict();
export type UpdateMe = z.infer<typeof UpdateMeSchema>;
