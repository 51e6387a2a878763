import { useState } from 'react';
import type * as z from 'zod';
import { APPROVAL_LINK_DAYS, ApprovalEmailSchema, type SentApprovalSchema } from '@shared/schemas/approvals';
import { approvalLinkPath } from '@shared/web-paths';
import { ShownOnceLink } from '@web/components/shown-once-link';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import type { SendApprovalInput } from '@web/lib/approvals/send-approval';

const LINK_DAYS = [1, APPROVAL_LINK_DAYS.default, 14, APPROVAL_LINK_DAYS.max];

/** The part of a react-query mutation the form reads: one per subject (a plan, recommendations, a proposal). */
export interface SendApprovalMutation {
  mutate: (input: SendApprovalInput) => void;
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
  data: z.output<typeof SentApprovalSchema> | undefined;
}

type EmailErrors = Partial<Record<'to' | 'senderName', string>>;

/**
 * "Send for approval" (issue 28, req 3), for a campaign plan, a set of recommendations or an agent proposal alike:
 * to the workspace's client in Adsmith, or as a link that needs no account, which may also be emailed to the
 * client from the agency's name. The link is shown once (only its hash is kept).
 */
export function SendForApprovalForm({
  formLabel,
  send,
  defaultSenderName,
}: {
  formLabel: string;
  send: SendApprovalMutation;
  /** The Reports settings' sender name: the From name until the person writes another. */
  defaultSenderName?: string | undefined;
}) {
  const [via, setVia] = useState<'client' | 'link'>('link');
  const [days, setDays] = useState<number>(APPROVAL_LINK_DAYS.default);
  const [to, setTo] = useState('');
  const [typedName, setSenderName] = useState<string | null>(null);
  const senderName = typedName ?? defaultSenderName ?? '';
  const [errors, setErrors] = useState<EmailErrors>({});
  const token = send.data?.token;
  const link = token ? new URL(approvalLinkPath(token), window.location.origin).toString() : null;
  const emailed = send.data?.email;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (via === 'client') return send.mutate({ via });
    // An address makes it an email; the server checks the same schema.
    let email: SendApprovalInput['email'];
    if (to.trim()) {
      const parsed = ApprovalEmailSchema.safeParse({ to: to.trim(), senderName });
      if (!parsed.success) {
        // The first problem of each field (an empty name is also "not allowed characters").
        const found: EmailErrors = {};
        for (const issue of parsed.error.issues) found[issue.path[0] as keyof EmailErrors] ??= issue.message;
        setErrors(found);
        return;
      }
      email = parsed.data;
    }
    setErrors({});
    send.mutate({ via, expiresInDays: days, ...(email ? { email } : {}) });
  };

  return (
    <div className="grid gap-4">
      <form aria-label={formLabel} className="grid gap-3" onSubmit={submit} noValidate>
        <div className="flex flex-wrap items-end gap-3">
          <FormField label="Send to" className="w-full sm:w-80">
            {(control) => (
              <NativeSelect {...control} value={via} onChange={(e) => setVia(e.target.value as 'client' | 'link')}>
                <option value="link">Anyone with a link (no account)</option>
                <option value="client">The workspace’s client, in Adsmith</option>
              </NativeSelect>
            )}
          </FormField>
          {via === 'link' ? (
            <FormField label="Link expires after" className="w-40">
              {(control) => (
                <NativeSelect {...control} value={days} onChange={(e) => setDays(Number(e.target.value))}>
                  {LINK_DAYS.map((d) => (
                    <option key={d} value={d}>
                      {d === 1 ? '1 day' : `${d} days`}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : null}
        </div>
        {via === 'link' ? (
          <div className="flex flex-wrap items-start gap-3">
            <FormField
              label="Email it to (optional)"
              className="min-w-0 flex-1 basis-56"
              {...(errors.to ? { error: errors.to } : {})}
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="off"
                  placeholder="client@example.com"
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                />
              )}
            </FormField>
            {to.trim() ? (
              <FormField
                label="From (your agency’s name)"
                className="min-w-0 flex-1 basis-56"
                {...(errors.senderName ? { error: errors.senderName } : {})}
              >
                {(control) => (
                  <Input
                    {...control}
                    maxLength={64}
                    placeholder="Northwind Media"
                    value={senderName}
                    onChange={(e) => setSenderName(e.target.value)}
                  />
                )}
              </FormField>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" className="justify-self-start" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send for approval'}
        </Button>
      </form>
      {send.error ? <Alert variant="destructive">{send.error.message}</Alert> : null}
      {emailed?.sent ? <Alert variant="success">Emailed to {emailed.to}.</Alert> : null}
      {emailed && !emailed.sent ? (
        <Alert variant="warning" title="The email could not be sent">
          The approval stands: copy the link below and send it to {emailed.to} yourself.
        </Alert>
      ) : null}
      {link ? <ShownOnceLink label="Approval link" url={link} /> : null}
      {send.isSuccess && !link ? <Alert variant="success">Sent: the client finds it under Approvals.</Alert> : null}
    </div>
  );
}
