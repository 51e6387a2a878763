import * as z from 'zod';

/**
 * The public contact form (`POST /api/contact`). The same schema validates the
 * form in the browser and the body on the server, so both say the same thing.
 * `website` is a honeypot: hidden from people, filled by bots.
 */
export const ContactRequestSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(100, 'Name is at most 100 characters'),
  email: z.email('Please enter a valid email address').max(254, 'Email is at most 254 characters'),
  company: z.string().trim().max(200, 'Company is at most 200 characters').optional(),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Message is at most 5000 characters'),
  website: z.string().max(500).optional(),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;

export const ContactReceivedSchema = z.object({ id: z.string(), status: z.literal('received') });

/** Contact submissions one client address may make per window, and the window. */
export const CONTACT_LIMIT = { submissions: 5, windowSeconds: 600 } as const;
