import * as z from 'zod';
import { unmetPasswordRules } from '@shared/password-policy';
import { displayNameProblem } from '@shared/schemas/account';

/** The inputs of the auth forms; the same policy function the server side uses decides passwords. */
const email = z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address'));

const newPassword = z
  .string()
  .min(1, 'Choose a password')
  .refine((p) => unmetPasswordRules(p).length === 0, 'Your password does not meet all the requirements below');

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password'),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, 'Enter your full name')
    .max(100, 'Use at most 100 characters')
    .refine((name) => displayNameProblem(name) === null, 'Use letters, spaces and punctuation only'),
  email,
  password: newPassword,
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    email,
    code: z.string().trim().min(1, 'Enter the code from the email'),
    newPassword,
    confirmPassword: z.string().min(1, 'Repeat the new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
