import { useState, type FormEvent } from 'react';
import {
  MAX_REPORT_RECIPIENTS,
  ReportSettingsSchema,
  type ReportCadence,
  type ReportSettings,
} from '@shared/schemas/reports';
import type { AdAccount } from '@shared/schemas/meta';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { useSaveReportSettings } from '../api/reports-api';
import { parseRecipients } from '../lib/report-words';

const textareaClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The report's settings: how often it goes, which ad account it covers, to whom, signed by whom, and the targets
 * its figures are held against. Checked with the server's schema before sending.
 */
export function ReportSettingsForm({
  settings,
  adAccounts,
}: {
  settings: ReportSettings | null;
  /** The connected Meta user's accounts; empty when Meta is not connected (the id is typed then). */
  adAccounts: AdAccount[];
}) {
  const save = useSaveReportSettings();
  const [cadence, setCadence] = useState<ReportCadence>(settings?.cadence ?? 'weekly');
  const [adAccountId, setAdAccountId] = useState(settings?.adAccountId ?? '');
  const [recipients, setRecipients] = useState((settings?.recipients ?? []).join('\n'));
  const [senderName, setSenderName] = useState(settings?.senderName ?? '');
  const [targetCost, setTargetCost] = useState(String(settings?.targetCostPerResult ?? ''));
  const [targetRoas, setTargetRoas] = useState(String(settings?.targetRoas ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The accounts may arrive after the form: until one is picked, the picker's first is the choice.
  const account = adAccountId || adAccounts[0]?.id || '';
  const known = adAccounts.some((a) => a.id === account);
  const currency = adAccounts.find((a) => a.id === account)?.currency;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReportSettingsSchema.safeParse({
      cadence,
      adAccountId: account.trim(),
      recipients: parseRecipients(recipients),
      senderName,
      targetCostPerResult: optionalNumber(targetCost),
      targetRoas: optionalNumber(targetRoas),
    });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    // A typed word is not a number: say so rather than zod's "expected number, received NaN".
    if (Number.isNaN(optionalNumber(targetCost))) found.targetCostPerResult = 'Enter a number, e.g. 12.50';
    if (Number.isNaN(optionalNumber(targetRoas))) found.targetRoas = 'Enter a number, e.g. 3';
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Report settings">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Send reports" description="Sent on the hour after the period ends.">
          {(control) => (
            <NativeSelect {...control} value={cadence} onChange={(e) => setCadence(e.target.value as ReportCadence)}>
              <option value="weekly">Weekly (Monday to Sunday)</option>
              <option value="monthly">Monthly (calendar month)</option>
              <option value="off">Off</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Ad account" error={errors.adAccountId}>
          {(control) =>
            known ? (
              <NativeSelect {...control} value={account} onChange={(e) => setAdAccountId(e.target.value)}>
                {adAccounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.name} · {account.currency}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <Input
                {...control}
                placeholder="act_1234567890"
                value={adAccountId}
                onChange={(e) => setAdAccountId(e.target.value)}
              />
            )
          }
        </FormField>
      </div>
      <FormField
        label="Recipients"
        error={errors.recipients}
        description={`Email addresses, one a line or separated by commas; at most ${MAX_REPORT_RECIPIENTS}.`}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className={textareaClass}
            placeholder="client@example.com"
            value={recipients}
            onChange={(e) => setRecipients(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Sender name"
        error={errors.senderName}
        description="The email comes from this name and the report is signed with it: your agency's."
      >
        {(control) => <Input {...control} value={senderName} onChange={(e) => setSenderName(e.target.value)} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={`Target cost per result${currency ? ` (${currency})` : ''}`}
          error={errors.targetCostPerResult}
          description="Optional."
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={targetCost}
              onChange={(e) => setTargetCost(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Target ROAS" error={errors.targetRoas} description="Optional, e.g. 3 for 3×.">
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={targetRoas}
              onChange={(e) => setTargetRoas(e.target.value)}
            />
          )}
        </FormField>
      </div>
      {save.isError ? (
        <Alert variant="destructive" title="The settings were not saved">
          {save.error.message}
        </Alert>
      ) : null}
      {save.isSuccess ? (
        <p role="status" className="text-sm text-success">
          Settings saved.
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
