import { ServerCrash } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/constants';

/** Shown when /config.json is missing or invalid (or the app chunk fails): the app cannot reach its user pool or API without it. */
export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-6">
      <div role="alert" className="w-full max-w-lg rounded-lg border bg-card p-8 shadow-sm">
        <ServerCrash aria-hidden="true" className="size-10 text-destructive" />
        <h1 className="mt-4 text-xl font-semibold">{PRODUCT_NAME} could not start</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Part of the site (its configuration or code) could not be loaded, so sign-in and the API are unavailable.
          Please try again in a moment. If this keeps happening, the deployment is incomplete.
        </p>
        <pre className="mt-4 overflow-x-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">{message}</pre>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          Reload
        </button>
      </div>
    </main>
  );
}
