import { useState } from 'react';
import { adCopyLanguageKeys, adCopyLanguages } from '@shared/ad-copy-rules';
import { BusinessLanguagesSchema } from '@shared/copy-languages';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import {
  languageLabel,
  useBusinessLanguages,
  useSaveBusinessLanguages,
} from '@web/lib/business-languages/business-languages';
import { managesTeam } from '@shared/workspace-roles';
import { useWorkspaceRole } from '@web/lib/team/workspace-role';

/**
 * Settings → Business languages: the languages the business sells in, the first its primary one. The campaign brief
 * and the ad copy screen start from them, and the ad optimizer falls back to the primary one. Every member sees them;
 * owners and admins change them (the server audits each change).
 */
export function BusinessLanguagesCard() {
  const stored = useBusinessLanguages();
  const save = useSaveBusinessLanguages();
  const { role, pending } = useWorkspaceRole();
  // The marketer's choice while editing; null shows what is stored.
  const [edited, setLanguages] = useState<string[] | null>(null);
  const languages = edited ?? stored.data?.languages ?? [];
  const readOnly = pending || !managesTeam(role);
  const primary = languages[0] ?? 'en';
  const checked = BusinessLanguagesSchema.safeParse(languages);
  const changed = stored.data !== undefined && languages.join() !== stored.data.languages.join();
  // Stored tags the list below does not offer (a region such as es-MX, set through the API) are kept as they are.
  const offered = [...new Set([...languages, ...adCopyLanguageKeys])];

  // A new primary moves the old one among the others: nothing chosen is lost by reordering.
  const choosePrimary = (tag: string) => setLanguages([tag, ...languages.filter((l) => l !== tag)]);
  const toggle = (tag: string, on: boolean) =>
    setLanguages(on ? [...languages, tag] : languages.filter((l) => l !== tag));

  return (
    <Card id="business-languages">
      <CardHeader>
        <CardTitle>Business languages</CardTitle>
        <CardDescription>
          The languages your ads are written in. New campaigns and ad copy start from them: every ad gets a version in
          each, checked in its own language.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {stored.isPending ? (
          <div aria-busy="true" aria-label="Loading the business languages">
            <Skeleton className="h-10 w-full" />
          </div>
        ) : stored.isError ? (
          <Alert variant="destructive" title="The business languages could not be read">
            {stored.error.message}{' '}
            <Button size="sm" variant="outline" onClick={() => void stored.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <form
            noValidate
            aria-label="Business languages"
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (checked.success) save.mutate(checked.data, { onSuccess: () => setLanguages(null) });
            }}
          >
            {readOnly && !pending ? (
              <p className="text-sm text-muted-foreground">Only the workspace&apos;s owner and admins change these.</p>
            ) : null}
            <fieldset disabled={readOnly} className="grid gap-4">
              <FormField label="Primary language" description="An ad's own copy; the others are its versions.">
                {(field) => (
                  <NativeSelect {...field} value={primary} onChange={(event) => choosePrimary(event.target.value)}>
                    {offered.map((tag) => (
                      <option key={tag} value={tag}>
                        {languageLabel(tag)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-medium">Also write in</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {offered
                    .filter((tag) => tag !== primary)
                    .map((tag) => (
                      <label key={tag} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          checked={languages.includes(tag)}
                          onChange={(event) => toggle(tag, event.target.checked)}
                        />
                        {tag in adCopyLanguages
                          ? adCopyLanguages[tag as keyof typeof adCopyLanguages]
                          : languageLabel(tag)}
                      </label>
                    ))}
                </div>
              </fieldset>
            </fieldset>
            {!checked.success ? (
              <p role="alert" className="text-sm text-destructive">
                {checked.error.issues[0]?.message}
              </p>
            ) : null}
            {save.isError ? <Alert variant="destructive">{save.error.message}</Alert> : null}
            {readOnly ? null : (
              <div>
                <Button type="submit" disabled={save.isPending || !changed || !checked.success}>
                  {save.isPending ? <Spinner label="Saving" className="size-4" /> : null}
                  Save languages
                </Button>
              </div>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
