import { Download } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@web/components/layout/page-header';
import { QueryErrorAlert } from '@web/components/meta-account/query-error-alert';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-client';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';
import { useWorkspaceRole } from '@web/lib/team/workspace-role';
import {
  useReportPdf,
  useReportPreview,
  useReportSends,
  useReportSettings,
  type ReportPeriodChoice,
} from '../api/reports-api';
import { pdfBlob, saveBlob } from '../lib/pdf-file';
import { ReportPreview } from './report-preview';
import { ReportSends } from './report-sends';
import { ReportSettingsForm } from './report-settings-form';

function Loading({ label, rows = 2 }: { label: string; rows?: number }) {
  return (
    <div className="grid gap-2" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10" />
      ))}
    </div>
  );
}

/**
 * /reports (issue 28, req 4): the workspace's report settings, a preview of the last whole week or month with
 * its PDF, and what the hourly sender sent. A read-only client sees the preview, the PDF and the sends; the
 * settings are the workspace's people's (the server refuses them to a client).
 */
export default function ReportsPage() {
  const { role, pending: rolePending } = useWorkspaceRole();
  const isClient = role === 'client';
  const meta = useMetaConnection();
  const settings = useReportSettings(!rolePending && !isClient);
  const stored = settings.data?.settings ?? null;
  const [chosen, setChosen] = useState<ReportPeriodChoice | null>(null);
  const cadence: ReportPeriodChoice = chosen ?? (stored?.cadence === 'monthly' ? 'monthly' : 'weekly');
  const previewable = !rolePending && (isClient || stored !== null);
  const preview = useReportPreview(cadence, previewable);
  const sends = useReportSends();
  const pdf = useReportPdf();
  const notSetUp = preview.error instanceof ApiError && preview.error.code === 'CONFLICT';

  const download = () =>
    pdf.mutate(cadence, { onSuccess: (file) => saveBlob(file.fileName, pdfBlob(file.contentBase64)) });

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="Reports"
        title="Reports"
        description="A branded report of the ad account, weekly or monthly: a PDF and an email with the key figures, sent by itself to the recipients you choose."
      />
      {isClient ? null : (
        <Card>
          <CardHeader>
            <CardTitle>Settings</CardTitle>
            <CardDescription>
              How often the report goes out, which account it covers and who receives it.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {rolePending || settings.isPending ? (
              <Loading label="Loading the report settings" rows={3} />
            ) : settings.isError ? (
              <QueryErrorAlert
                title="The report settings could not be read"
                error={settings.error}
                onRetry={() => void settings.refetch()}
              />
            ) : (
              <ReportSettingsForm settings={stored} adAccounts={meta.adAccounts} />
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle>Preview</CardTitle>
            <CardDescription>The report as its recipients get it, for the last whole period.</CardDescription>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <FormField label="Period">
              {(control) => (
                <NativeSelect
                  {...control}
                  className="w-48"
                  value={cadence}
                  onChange={(e) => setChosen(e.target.value as ReportPeriodChoice)}
                >
                  <option value="weekly">Last whole week</option>
                  <option value="monthly">Last whole month</option>
                </NativeSelect>
              )}
            </FormField>
            <Button variant="outline" onClick={download} disabled={!previewable || notSetUp || pdf.isPending}>
              <Download aria-hidden="true" />
              {pdf.isPending ? 'Preparing PDF…' : 'Download PDF'}
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {pdf.isError ? (
            <Alert variant="destructive" title="The PDF could not be made">
              {pdf.error.message}
            </Alert>
          ) : null}
          {!previewable && !rolePending && !settings.isPending ? (
            <p className="text-sm text-muted-foreground">Save the settings above to see the report.</p>
          ) : notSetUp ? (
            <p className="text-sm text-muted-foreground">
              {isClient
                ? 'No report is set up for this workspace yet: your agency chooses what it covers.'
                : 'Save the settings above to see the report.'}
            </p>
          ) : preview.isError ? (
            <QueryErrorAlert
              title="The report could not be read"
              error={preview.error}
              onRetry={() => void preview.refetch()}
            />
          ) : preview.isPending ? (
            <Loading label="Reading the report's figures from Meta" rows={4} />
          ) : (
            <ReportPreview data={preview.data} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sent reports</CardTitle>
          <CardDescription>One send per period, never two.</CardDescription>
        </CardHeader>
        <CardContent>
          {sends.isPending ? (
            <Loading label="Loading the sent reports" />
          ) : sends.isError ? (
            <QueryErrorAlert
              title="The sent reports could not be read"
              error={sends.error}
              onRetry={() => void sends.refetch()}
            />
          ) : (
            <ReportSends sends={sends.data.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
