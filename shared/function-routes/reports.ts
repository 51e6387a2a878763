import {
  ReportDataSchema,
  ReportPdfSchema,
  ReportPeriodQuerySchema,
  ReportSendListSchema,
  ReportSettingsReplySchema,
  ReportSettingsSchema,
} from '../schemas/reports';
import { route } from '../route-declaration';

/** The routes `reports` serves (issue 28 req 4): settings, a preview and the PDF of a period, the sends. */
export const reportsRoutes = {
  reportSettings: route({
    method: 'GET',
    path: '/api/reports/settings',
    fn: 'reports',
    access: 'user',
    response: ReportSettingsReplySchema,
  }),
  reportUpdateSettings: route({
    method: 'PUT',
    path: '/api/reports/settings',
    fn: 'reports',
    access: 'user',
    body: ReportSettingsSchema,
    response: ReportSettingsReplySchema,
  }),
  // A client sees the reports (shared/workspace-roles.ts), not their settings.
  reportPreview: route({
    method: 'GET',
    path: '/api/reports/preview',
    fn: 'reports',
    access: 'user',
    clientRole: 'reads',
    query: ReportPeriodQuerySchema,
    response: ReportDataSchema,
  }),
  reportPdf: route({
    method: 'GET',
    path: '/api/reports/pdf',
    fn: 'reports',
    access: 'user',
    clientRole: 'reads',
    query: ReportPeriodQuerySchema,
    response: ReportPdfSchema,
  }),
  reportSends: route({
    method: 'GET',
    path: '/api/reports/sends',
    fn: 'reports',
    access: 'user',
    clientRole: 'reads',
    response: ReportSendListSchema,
  }),
} as const;
