import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { UpdateMeSchema, type UpdateMe } from '@shared/schemas/account';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useUpdateMe } from '../api/update-me';

/** Account settings on the dashboard: who is signed in, and the display name they can change. */
export function AccountSettingsCard() {
  const { currentUser } = useAuth();
  const updateMe = useUpdateMe();
  const form = useForm<UpdateMe>({
    // The server's own schema, so the form rejects exactly what the API would.
    resolver: zodResolver(UpdateMeSchema),
    values: { displayName: currentUser?.displayName ?? '' },
  });
  const { errors, isDirty } = form.formState;
  if (!currentUser) return null;

  const onSubmit = form.handleSubmit((values) => updateMe.mutate(values));

  return (
    <Card id="account">
      <CardHeader>
        <CardTitle>Account settings</CardTitle>
        <CardDescription>The name we use for you in the app and in emails.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Account settings">
          <dl className="grid gap-1">
            <dt className="text-sm font-medium">Email</dt>
            <dd className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span className="break-all">{currentUser.email}</span>
              {currentUser.emailVerified ? <Badge variant="success">Verified</Badge> : null}
            </dd>
          </dl>
          <FormField label="Display name" error={errors.displayName?.message}>
            {(field) => <Input {...field} autoComplete="name" {...form.register('displayName')} />}
          </FormField>
          <div>
            <Button type="submit" disabled={updateMe.isPending || !isDirty}>
              {updateMe.isPending ? <Spinner label="Saving" className="size-4" /> : null}
              Save name
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
