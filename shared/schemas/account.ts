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

/**
 * Characters a name shown to other people and in emails must not hold: control
 * characters (C0, DEL, C1), bidirectional embeddings, overrides and isolates
 * (they can make "gnp.exe" read as "exe.png"), and lone UTF-16 surrogates, which
 * are not text at all and break JSON and email encoders.
 */
const FORBIDDEN_IN_NAMES = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]|\p{Cs}/u;

/**
 * Characters that show nothing: Unicode's default-ignorable code points (zero-width spaces and joiners, word
 * joiner, BOM, soft hyphen, Hangul fillers, variation selectors, tag characters...), white space, and the
 * braille blank, which is no space but renders as one. A name made only of these reads as no name at all
 * (and lets someone appear nameless in a team list or an invitation email).
 */
const INVISIBLE_ONLY = /^[\p{Default_Ignorable_Code_Point}\s\u2800]*$/u;

/** Why a display name is refused, or null when it is fine. */
export function displayNameProblem(name: string): string | null {
  if (/\p{Cs}/u.test(name)) return 'Display name contains characters that are not text';
  if (FORBIDDEN_IN_NAMES.test(name)) return 'Display name cannot contain control or text-direction characters';
  if (name.length > 0 && INVISIBLE_ONLY.test(name)) return 'Display name needs at least one visible character';
  return null;
}

/** A person's full name as shown across the app; the same rule for sign-up and for later changes. */
export const DisplayNameSchema = z
  .string()
  .trim()
  .min(1, 'Display name is required')
  .max(100, 'Display name is at most 100 characters')
  .superRefine((name, ctx) => {
    const problem = displayNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const UpdateMeSchema = z.object({ displayName: DisplayNameSchema }).strict();
export type UpdateMe = z.infer<typeof UpdateMeSchema>;
