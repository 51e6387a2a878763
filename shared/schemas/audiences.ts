import * as z from 'zod';
import { AdAccountParamsSchema } from './meta';

/**
 * The Audiences screen (/audiences, issue 30): an ad account's custom audiences as Meta reports them, and the
 * requests that make them. Customer lists arrive as CSV with a column mapping and are normalised and hashed in the
 * `audiences` function before anything leaves it; the file itself is neither stored nor logged.
 */

/** The customer information a CSV column can hold (Meta's match keys; lambdas/lib/customer-data hashes them). */
export const CUSTOMER_COLUMN_FIELDS = ['em', 'ph', 'fn', 'ln', 'ct', 'st', 'zp', 'country', 'external_id'] as const;
export type CustomerColumnField = (typeof CUSTOMER_COLUMN_FIELDS)[number];
/** Keys that find people on their own; a list needs at least one of them (names and places only narrow). */
export const IDENTIFYING_FIELDS: readonly CustomerColumnField[] = ['em', 'ph', 'external_id'];
/**
 * A CSV travels in the request body, and Lambda takes 6 MB: 4.5 million characters (about 50,000 customers with
 * seven columns) leave room for JSON's escaping. Larger lists need the upload bucket (issue 30, req 4 and 6).
 */
export const MAX_CUSTOMER_CSV_CHARS = 4_500_000;
/** The request that carries it: the CSV JSON-escaped (a newline is two characters) and the mapping. */
export const MAX_CUSTOMER_LIST_BODY_BYTES = 5.5 * 1024 * 1024;
/** Meta's lookalike sizes the product offers: 1–10 % of the country (Meta accepts up to 20 %). */
export const LOOKALIKE_PERCENTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** The pixel events a website audience can be built on ("any" keeps every visitor). */
export const WEBSITE_EVENTS = [
  'any',
  'PageView',
  'ViewContent',
  'AddToCart',
  'InitiateCheckout',
  'Purchase',
  'Lead',
] as const;

const audienceId = z.string().regex(/^\d{1,20}$/, 'Audience ids are numbers');
const name = z.string().trim().min(1, 'Give the audience a name.').max(100, 'At most 100 characters.');
const country = z.string().regex(/^[A-Z]{2}$/, 'A two-letter country code, such as US');

export const AudienceKindSchema = z.enum(['customer-list', 'website', 'engagement', 'lookalike']);
export type AudienceKind = z.output<typeof AudienceKindSchema>;

const StatusSchema = z.object({ code: z.number().int(), description: z.string() });

export const AudienceSchema = z.object({
  id: audienceId,
  name: z.string(),
  kind: AudienceKindSchema,
  /** Meta gives a range, never a count; 0–1,000 means "below 1,000". */
  sizeLower: z.number().int(),
  sizeUpper: z.number().int(),
  /** 200: ready for ads; anything else is Meta's reason it is not. */
  delivery: StatusSchema,
  operation: StatusSchema,
  retentionDays: z.number().int().optional(),
  lookalike: z.object({ country: z.string(), percent: z.number(), sourceId: z.string() }).optional(),
  createdAt: z.string(),
});
export type Audience = z.output<typeof AudienceSchema>;

export const AudienceListSchema = z.object({
  items: z.array(AudienceSchema),
  /** Whether the account accepted Meta's Custom Audience terms (customer lists need them), and where to. */
  customerListTerms: z.object({ accepted: z.boolean(), url: z.string() }),
  /** Whether the signed-in person may upload customer lists (owners may; members with the owner's permission). */
  canUploadCustomers: z.boolean(),
});
export type AudienceList = z.output<typeof AudienceListSchema>;

export const AudienceParamsSchema = AdAccountParamsSchema.extend({ audienceId });

export const CreateCustomerListBodySchema = z.object({
  name,
  csv: z
    .string()
    .min(1, 'The file is empty.')
    .max(MAX_CUSTOMER_CSV_CHARS, `The file is too large: at most ${MAX_CUSTOMER_CSV_CHARS / 1_000_000} MB of CSV.`),
  /** CSV header → what the column holds; columns not named are not read. */
  mapping: z
    .record(z.string().min(1).max(200), z.enum(CUSTOMER_COLUMN_FIELDS))
    .refine(
      (mapping) => Object.values(mapping).some((field) => IDENTIFYING_FIELDS.includes(field)),
      'Map at least one column to email, phone or external ID.',
    ),
  /** The country of phones without a country code, when no column says it. */
  defaultCountry: country.optional(),
});
export type CreateCustomerListBody = z.input<typeof CreateCustomerListBodySchema>;

export const CustomerListUploadSchema = z.object({
  audience: AudienceSchema,
  /** Rows read from the file, rows sent to Meta, rows Meta or the normaliser refused, requests of ≤ 10,000. */
  rows: z.number().int(),
  sent: z.number().int(),
  invalid: z.number().int(),
  batches: z.number().int(),
});
export type CustomerListUpload = z.output<typeof CustomerListUploadSchema>;

/** A refresh: the list's whole new file; only what changed since the last upload goes to Meta. */
export const RefreshCustomerListBodySchema = CreateCustomerListBodySchema.omit({ name: true });
export type RefreshCustomerListBody = z.input<typeof RefreshCustomerListBodySchema>;

export const CustomerListRefreshSchema = z.object({
  audience: AudienceSchema,
  /** Rows read from the file; distinct people added and removed on Meta; rows already there. */
  rows: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
  /** Rows Meta or the normaliser refused, requests of ≤ 10,000 (removals and additions together). */
  invalid: z.number().int(),
  batches: z.number().int(),
  /**
   * False when Adsmith kept no hashes of this list (it was made elsewhere): everything was added and nothing could
   * be removed, and the hashes are kept from now on.
   */
  comparedWithLastUpload: z.boolean(),
});
export type CustomerListRefresh = z.output<typeof CustomerListRefreshSchema>;

export const CreateWebsiteAudienceBodySchema = z.object({
  name,
  event: z.enum(WEBSITE_EVENTS),
  /** Only visits to pages whose address contains this. */
  urlContains: z.string().trim().max(200).optional(),
  retentionDays: z
    .number()
    .int()
    .min(1, 'At least 1 day.')
    .max(180, 'Meta keeps website visitors for 180 days at most.'),
});

export const CreateEngagementAudienceBodySchema = z.object({
  name,
  retentionDays: z.number().int().min(1, 'At least 1 day.').max(365, 'Meta keeps engagement for 365 days at most.'),
});

export const CreateLookalikeBodySchema = z.object({
  name,
  sourceId: audienceId,
  country,
  percent: z
    .number()
    .int()
    .refine(
      (value) => (LOOKALIKE_PERCENTS as readonly number[]).includes(value),
      'A lookalike is 1 to 10 % of the country.',
    ),
});

export const AudienceCreatedSchema = z.object({ audience: AudienceSchema });
export const AudienceDeletedSchema = z.object({ deleted: z.literal(true) });

export const CustomerUploadPermissionParamsSchema = z.object({ memberId: z.string().min(1).max(128) });
export const CustomerUploadPermissionBodySchema = z.object({ allowed: z.boolean() });
export const CustomerUploadPermissionSchema = z.object({ memberId: z.string(), allowed: z.boolean() });

/**
 * One upload or refresh of customer data, as the owner's audit shows it: who, when, which audience and how many
 * rows; never a value from the file or a hash of one.
 */
export const CustomerUploadAuditEntrySchema = z.object({
  at: z.iso.datetime(),
  action: z.enum(['upload', 'refresh']),
  /** The person who uploaded: their email when known (a member's is on their membership), else their id. */
  by: z.string(),
  /** True when the workspace's owner did it. */
  byOwner: z.boolean(),
  adAccountId: z.string(),
  audienceId: z.string().optional(),
  audienceName: z.string().optional(),
  outcome: z.enum(['completed', 'failed']),
  /** Rows read from the file, and those without a usable identifier or refused by Meta. */
  rows: z.number().int(),
  invalid: z.number().int(),
  /** An upload: rows sent to Meta. A refresh: people added and removed, and rows already there. */
  sent: z.number().int().optional(),
  added: z.number().int().optional(),
  removed: z.number().int().optional(),
  unchanged: z.number().int().optional(),
  /** A failed attempt's error code (never its message: Meta's messages could quote what was sent). */
  errorCode: z.string().optional(),
});
export type CustomerUploadAuditEntry = z.infer<typeof CustomerUploadAuditEntrySchema>;

export const CustomerUploadAuditSchema = z.object({ items: z.array(CustomerUploadAuditEntrySchema) });
export type CustomerUploadAudit = z.infer<typeof CustomerUploadAuditSchema>;

/**
 * A customer list too large for a request body (issue 30, req 4 and 6) goes straight from the browser to the
 * customer-lists bucket through a presigned PUT, under `uploads/` (deleted once hashed, and by the bucket's one-day
 * lifecycle whatever happens); the `customer-list-worker` streams it, hashes it and uploads it to Meta in sessions of
 * 10,000, recording its progress for the screen to poll.
 */
export const MAX_CUSTOMER_LIST_FILE_BYTES = 250_000_000;
/** Files above this go through the bucket; smaller ones keep the one-request path (one round trip, no queue). */
export const ASYNC_CUSTOMER_LIST_BYTES = 2_000_000;
/** How long the browser has to PUT the file. */
export const CUSTOMER_LIST_UPLOAD_URL_SECONDS = 15 * 60;

const uploadId = z.string().uuid('Upload ids are UUIDs');

export const StartCustomerListUploadBodySchema = CreateCustomerListBodySchema.omit({ csv: true }).extend({
  /** The file's exact size: the presigned PUT is signed for it, so S3 refuses anything else. */
  size: z
    .number()
    .int()
    .min(1, 'The file is empty.')
    .max(
      MAX_CUSTOMER_LIST_FILE_BYTES,
      `The file is too large: at most ${MAX_CUSTOMER_LIST_FILE_BYTES / 1_000_000} MB of CSV.`,
    ),
});
export type StartCustomerListUploadBody = z.input<typeof StartCustomerListUploadBodySchema>;

/** A large file refreshing an existing customer list: the audience keeps its name, so none is given. */
export const StartCustomerListRefreshBodySchema = StartCustomerListUploadBodySchema.omit({ name: true });
export type StartCustomerListRefreshBody = z.input<typeof StartCustomerListRefreshBodySchema>;

export const CustomerListUploadSlotSchema = z.object({
  uploadId: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Headers the PUT must carry (the signed content type). */
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type CustomerListUploadSlot = z.output<typeof CustomerListUploadSlotSchema>;

export const CustomerListUploadParamsSchema = AdAccountParamsSchema.extend({ uploadId });

export const CustomerListUploadStateSchema = z.enum(['waiting', 'queued', 'running', 'done', 'failed']);
export type CustomerListUploadState = z.output<typeof CustomerListUploadStateSchema>;

export const CustomerListUploadProgressSchema = z.object({
  uploadId: z.string(),
  adAccountId: z.string(),
  name: z.string(),
  /** waiting for the file, queued for the worker, running, done, or failed (`error` says why). */
  state: CustomerListUploadStateSchema,
  /** Share of the file read, hashed and sent, 0–100 (100 only when done). */
  percent: z.number().min(0).max(100),
  rows: z.number().int(),
  sent: z.number().int(),
  invalid: z.number().int(),
  batches: z.number().int(),
  audienceId: z.string().optional(),
  /**
   * Present on a refresh (the file replaces an existing list's people): what changed, once known. `sent` then counts
   * the rows of removals and additions sent so far.
   */
  refresh: z
    .object({
      added: z.number().int(),
      removed: z.number().int(),
      unchanged: z.number().int(),
      comparedWithLastUpload: z.boolean(),
    })
    .partial()
    .optional(),
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }).optional(),
  /** Written at every step of the worker (after each request to Meta): its heartbeat (upload-staleness.ts). */
  updatedAt: z.string(),
});
export type CustomerListUploadProgress = z.output<typeof CustomerListUploadProgressSchema>;

/** The worker's job: which workspace's upload to process (everything else is in the upload's state object). */
export const CustomerListJobSchema = z.object({ workspaceId: z.string().min(1), uploadId });
export type CustomerListJob = z.output<typeof CustomerListJobSchema>;
