import { useState, type FormEvent } from 'react';
import { LOOKALIKE_PERCENTS, WEBSITE_EVENTS, type Audience } from '@shared/schemas/audiences';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { useCreateEngagementAudience, useCreateLookalike, useCreateWebsiteAudience } from '../api/audiences-api';

interface AccountProps {
  uid: string | undefined;
  accountId: string | undefined;
}

interface AudienceMutation {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isSuccess: boolean;
}

/** The submit button (its label says when Meta is working) and what Meta answered. */
function SubmitAndOutcome({
  mutation,
  label,
  pendingLabel,
  disabled = false,
}: {
  mutation: AudienceMutation;
  label: string;
  pendingLabel: string;
  disabled?: boolean;
}) {
  return (
    <>
      <div>
        <Button type="submit" disabled={mutation.isPending || disabled}>
          {mutation.isPending ? pendingLabel : label}
        </Button>
      </div>
      {mutation.isError && (
        <Alert variant="destructive" title="Meta did not make it">
          {mutation.error?.message}
        </Alert>
      )}
      {mutation.isSuccess && <Alert variant="success">The audience was made.</Alert>}
    </>
  );
}

function AudienceNameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  return (
    <FormField label="Audience name">
      {(control) => <Input {...control} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/** How many days back Meta keeps people in the audience (1 to `max`). */
function RetentionDaysField({
  label,
  max,
  value,
  onChange,
}: {
  label: string;
  max: number;
  value: string;
  onChange: (days: string) => void;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <Input {...control} type="number" min={1} max={max} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </FormField>
  );
}

/** People who fired a pixel event (or visited pages) in the last days Meta keeps: 1 to 180. */
export function WebsiteAudienceForm({ uid, accountId }: AccountProps) {
  const create = useCreateWebsiteAudience(uid, accountId);
  const [name, setName] = useState('Added to cart, 30 days');
  const [event, setEvent] = useState<(typeof WEBSITE_EVENTS)[number]>('AddToCart');
  const [urlContains, setUrlContains] = useState('');
  const [days, setDays] = useState('30');
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    create.mutate({ name, event, retentionDays: Number(days), ...(urlContains.trim() && { urlContains }) });
  };
  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="New website audience">
      <div className="grid gap-4 sm:grid-cols-2">
        <AudienceNameField value={name} onChange={setName} />
        <FormField label="Pixel event">
          {(control) => (
            <NativeSelect {...control} value={event} onChange={(e) => setEvent(e.target.value as typeof event)}>
              {WEBSITE_EVENTS.map((value) => (
                <option key={value} value={value}>
                  {value === 'any' ? 'Any visit' : value}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Page address contains (optional)">
          {(control) => <Input {...control} value={urlContains} onChange={(e) => setUrlContains(e.target.value)} />}
        </FormField>
        <RetentionDaysField label="In the last (days, 1–180)" max={180} value={days} onChange={setDays} />
      </div>
      <SubmitAndOutcome
        mutation={create}
        label="Make website audience"
        pendingLabel="Making the audience…"
        disabled={!name.trim()}
      />
    </form>
  );
}

/** People who engaged with the account's Facebook Page in the last days Meta keeps: 1 to 365. */
export function EngagementAudienceForm({ uid, accountId }: AccountProps) {
  const create = useCreateEngagementAudience(uid, accountId);
  const [name, setName] = useState('Page engagers, 90 days');
  const [days, setDays] = useState('90');
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    create.mutate({ name, retentionDays: Number(days) });
  };
  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="New engagement audience">
      <div className="grid gap-4 sm:grid-cols-2">
        <AudienceNameField value={name} onChange={setName} />
        <RetentionDaysField label="Engaged in the last (days, 1–365)" max={365} value={days} onChange={setDays} />
      </div>
      <SubmitAndOutcome
        mutation={create}
        label="Make engagement audience"
        pendingLabel="Making the audience…"
        disabled={!name.trim()}
      />
    </form>
  );
}

/** People like those of a source audience (100 people at least), the closest 1–10 % of a country. */
export function LookalikeForm({ uid, accountId, sources }: AccountProps & { sources: Audience[] }) {
  const create = useCreateLookalike(uid, accountId);
  const [sourceId, setSourceId] = useState('');
  const [country, setCountry] = useState('US');
  const [percent, setPercent] = useState('1');
  const source = sources.find((audience) => audience.id === sourceId) ?? sources[0];
  if (!source) {
    return (
      <p className="text-sm text-muted-foreground">
        A lookalike needs a source: make a customer list or a website audience first.
      </p>
    );
  }
  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    create.mutate({
      name: `${source.name} – lookalike (${country}, ${percent} %)`,
      sourceId: source.id,
      country: country.trim().toUpperCase(),
      percent: Number(percent),
    });
  };
  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-label="New lookalike">
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Source audience">
          {(control) => (
            <NativeSelect {...control} value={source.id} onChange={(e) => setSourceId(e.target.value)}>
              {sources.map((audience) => (
                <option key={audience.id} value={audience.id}>
                  {audience.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Country (two letters)">
          {(control) => (
            <Input {...control} maxLength={2} value={country} onChange={(e) => setCountry(e.target.value)} />
          )}
        </FormField>
        <FormField label="Size (% of the country)">
          {(control) => (
            <NativeSelect {...control} value={percent} onChange={(e) => setPercent(e.target.value)}>
              {LOOKALIKE_PERCENTS.map((value) => (
                <option key={value} value={value}>
                  {value} %
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <SubmitAndOutcome mutation={create} label="Make lookalike" pendingLabel="Making the lookalike…" />
    </form>
  );
}
