import { AppError } from '../errors';
import { GraphError } from '../meta/graph-errors';

/** Meta's code when the Custom Audience terms were not accepted (ad-account/customaudiences, "Error Codes"). */
const TERMS_NOT_ACCEPTED = 2663;

function metaCode(error: unknown): number | undefined {
  const cause = error instanceof AppError ? error.cause : error;
  return cause instanceof GraphError ? cause.code : undefined;
}

/** Where Meta says the terms are accepted: the address its #2663 message ends with. */
export function termsUrlOf(error: unknown): string | undefined {
  const cause = error instanceof AppError ? error.cause : error;
  const message = cause instanceof GraphError ? (cause.meta?.message ?? '') : '';
  return /(https?:\/\/\S+)/.exec(message)?.[1];
}

/** Meta's #2663 as the product's CUSTOM_AUDIENCE_TERMS (with where to accept them); other errors unchanged. */
export function withTermsExplained(error: unknown, fallbackUrl: string): unknown {
  if (metaCode(error) !== TERMS_NOT_ACCEPTED) return error;
  return new AppError('CUSTOM_AUDIENCE_TERMS', undefined, {
    details: { termsUrl: termsUrlOf(error) ?? fallbackUrl },
    cause: error,
  });
}

/** Where a person accepts the terms for an ad account (Meta's page; the twin's sandbox serves the same path). */
export function customAudienceTermsUrl(facebookBaseUrl: string, accountId: string): string {
  return `${facebookBaseUrl}/customaudiences/app/tos/?act=${accountId.replace(/^act_/, '')}`;
}
