import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, RotateCcw, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { ContactRequestSchema, type ContactRequest } from '@shared/schemas/contact';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { userMessageFor } from '@web/lib/errors/handle-error';
import { useSendContact } from '../api/send-contact';

const textareaClass =
  'flex min-h-32 w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-sm placeholder:text-muted-foreground ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 aria-[invalid=true]:border-destructive';

/** What to tell a visitor whose message did not go through; their text stays in the form. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'RATE_LIMITED' || error.code === 'VALIDATION_ERROR'))
    return error.message;
  const code = error instanceof ApiError ? error.code : 'UNKNOWN_ERROR';
  return userMessageFor(code, error instanceof Error ? error.message : '');
}

/** The contact form (/contact): validated with the server's own schema, honeypot, nothing lost on failure. */
export function ContactForm() {
  const send = useSendContact();
  const form = useForm<ContactRequest>({
    resolver: zodResolver(ContactRequestSchema),
    defaultValues: { name: '', email: '', company: '', message: '', website: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onError: (error) => {
        // Field problems the server found are shown on the fields themselves.
        if (error instanceof ApiError && error.details) {
          for (const [path, message] of Object.entries(error.details)) {
            const field = path.replace(/^body\./, '') as keyof ContactRequest;
            if (field in form.getValues()) form.setError(field, { message });
          }
        }
      },
    }),
  );

  if (send.isSuccess) {
    return (
      <div role="status" className="grid justify-items-start gap-3 rounded-lg border bg-card p-6">
        <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
        <h2 className="text-xl font-semibold">Thank you — your message is on its way</h2>
        <p className="text-muted-foreground">
          We received it and will answer {form.getValues('email')} by email, usually within one working day.
        </p>
        <Button
          variant="outline"
          onClick={() => {
            form.reset();
            send.reset();
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form" className="grid gap-4 rounded-lg border bg-card p-6">
      {send.isError ? (
        <Alert variant="destructive" title="Your message was not sent">
          <p>{failureMessage(send.error)} Everything you wrote is still here.</p>
          <Button type="submit" variant="outline" size="sm" className="mt-2" disabled={send.isPending}>
            <RotateCcw aria-hidden="true" /> Try again
          </Button>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          {(field) => <Input {...field} autoComplete="name" {...form.register('name')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...form.register('email')} />}
        </FormField>
      </div>
      <FormField label="Company (optional)" error={errors.company?.message}>
        {(field) => <Input {...field} autoComplete="organization" {...form.register('company')} />}
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        {(field) => <textarea {...field} className={textareaClass} rows={6} {...form.register('message')} />}
      </FormField>
      {/* Honeypot: hidden from people and assistive tech; bots fill it, and the server then ignores the message. */}
      <div aria-hidden="true" className="absolute left-[-10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner label="Sending" className="size-4" /> : <Send aria-hidden="true" />}
          Send message
        </Button>
      </div>
    </form>
  );
}
