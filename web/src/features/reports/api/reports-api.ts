import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportSettings } from '@shared/schemas/reports';
import { apiRequest } from '@web/lib/api';

export type ReportPeriodChoice = 'weekly' | 'monthly';

const settingsKey = ['reports', 'settings'] as const;
const previewKey = (cadence: ReportPeriodChoice) => ['reports', 'preview', cadence] as const;
const sendsKey = ['reports', 'sends'] as const;

/** GET /api/reports/settings: refused to a client, so not asked for one (`enabled`). */
export function useReportSettings(enabled: boolean) {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiRequest('reportSettings'), enabled });
}

/** PUT /api/reports/settings: the preview is read again (the account, targets or sender may have changed). */
export function useSaveReportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReportSettings) => apiRequest('reportUpdateSettings', { body: settings }),
    meta: { component: 'Reports.saveSettings' },
    onSuccess: (reply) => {
      queryClient.setQueryData(settingsKey, reply);
      return queryClient.invalidateQueries({ queryKey: ['reports', 'preview'] });
    },
  });
}

/** GET /api/reports/preview: the last whole week or month, read from Meta as the dashboard reads it. */
export function useReportPreview(cadence: ReportPeriodChoice, enabled: boolean) {
  return useQuery({
    queryKey: previewKey(cadence),
    queryFn: () => apiRequest('reportPreview', { query: { cadence } }),
    enabled,
    // A 409 (no settings yet) or a Meta refusal will not change by asking again at once.
    retry: false,
  });
}

/** GET /api/reports/sends: what the hourly sender sent, newest period first. */
export function useReportSends() {
  return useQuery({ queryKey: sendsKey, queryFn: () => apiRequest('reportSends') });
}

/** GET /api/reports/pdf: the PDF as JSON (base64), which the screen saves as a file. */
export function useReportPdf() {
  return useMutation({
    mutationFn: (cadence: ReportPeriodChoice) => apiRequest('reportPdf', { query: { cadence } }),
    meta: { component: 'Reports.downloadPdf' },
  });
}
