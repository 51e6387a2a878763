import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { handleError } from '../lib/errors/handle-error';

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

/**
 * React error boundary for everything outside the router's own (providers, shell):
 * reports through the central handler (logged, notified; no toast, the screen says it).
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    handleError(error, {
      component: `ErrorBoundary${info.componentStack?.split('\n')[1]?.trim() ? ` ${info.componentStack.split('\n')[1]!.trim()}` : ''}`,
      silent: true,
    });
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

/** The router's errorElement: a route that throws while rendering or loading lands here, reported once. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    handleError(error, { component: 'RouteErrorBoundary', silent: true });
  }, [error]);
  return <CrashScreen />;
}
