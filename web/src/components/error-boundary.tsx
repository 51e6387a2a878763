import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import type { HandleErrorOptions } from '../lib/errors/handle-error';

/**
 * Reports through the central handler (logged, notified; no toast, the screen says it).
 * Loaded on demand: the boundaries wrap public pages too, which load no zod or auth code
 * until something actually breaks.
 */
function report(error: unknown, options: HandleErrorOptions): void {
  import('../lib/errors/handle-error')
    .then(({ handleError }) => handleError(error, options))
    .catch((cause: unknown) => console.error('Error report failed', cause, error));
}

/** The friendly screen shown instead of a page that crashed, with ways to recover. */
export function CrashScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <div role="alert" className="mx-auto grid max-w-xl justify-items-start gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold tracking-tight">Something went wrong on this page</h1>
      <p className="text-muted-foreground">
        We have been told about it. Your data is safe: try again, or go back to a page that works.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onRetry ?? (() => window.location.reload())}
          className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground cursor-pointer"
        >
          Try again
        </button>
        <a href="/" className="inline-flex h-10 items-center rounded-md border px-4 text-sm font-medium">
          Go to the home page
        </a>
      </div>
    </div>
  );
}

/** React error boundary for everything outside the router's own (auth, providers, shell). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const where = info.componentStack
      ?.split('\n')
      .find((line) => line.trim())
      ?.trim();
    report(error, { component: where ? `ErrorBoundary ${where}` : 'ErrorBoundary', silent: true });
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

/** The router's errorElement: a route that throws while rendering or loading lands here, reported once. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    report(error, { component: 'RouteErrorBoundary', silent: true });
  }, [error]);
  return <CrashScreen />;
}
