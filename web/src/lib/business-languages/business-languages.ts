import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { adCopyLanguages } from '@shared/ad-copy-rules';
import { baseLanguage, isCopyLanguage } from '@shared/copy-languages';
import { DEFAULT_BUSINESS_LANGUAGES } from '@shared/schemas/business-languages';
import { apiRequest } from '@web/lib/api';

/**
 * The workspace's business languages (issue 29 req 3), shared by the screens they prefill: the campaign brief, the
 * ad copy screen, and the Settings card that changes them.
 */
export const businessLanguagesKey = ['business-languages'] as const;

/** GET /api/campaign-generator/business-languages: the workspace's languages, primary first. */
export function useBusinessLanguages() {
  return useQuery({
    queryKey: businessLanguagesKey,
    queryFn: () => apiRequest('businessLanguages'),
    staleTime: 5 * 60_000,
  });
}

/** The languages to prefill with: the workspace's once read, English until then. */
export function useBusinessLanguageTags(): string[] {
  return useBusinessLanguages().data?.languages ?? DEFAULT_BUSINESS_LANGUAGES;
}

/** PUT …/business-languages (owners and admins; the server refuses members with ADMINS_ONLY). */
export function useSaveBusinessLanguages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (languages: string[]) => apiRequest('saveBusinessLanguages', { body: { languages } }),
    meta: { component: 'BusinessLanguages.save' },
    onSuccess: (saved) => {
      client.setQueryData(businessLanguagesKey, saved);
      toast.success('The business languages were saved.');
    },
  });
}

/** A tag as a marketer reads it: "Spanish", "Spanish (es-MX)". */
export function languageLabel(tag: string): string {
  const base = baseLanguage(tag);
  const name = isCopyLanguage(base) ? adCopyLanguages[base] : tag;
  return tag === base ? name : `${name} (${tag})`;
}
