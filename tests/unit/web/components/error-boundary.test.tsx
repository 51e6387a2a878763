import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '@web/components/error-boundary';

const reported = vi.hoisted(() => ({ handleError: vi.fn() }));
vi.mock('@web/lib/errors/handle-error', () => reported);

let failing = true;
function Fragile() {
  const [label] = useState('Working page');
  if (failing) throw new Error('render exploded');
  return <p>{label}</p>;
}

beforeEach(() => {
  failing = true;
  reported.handleError.mockReset();
  // React logs the caught error itself; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('app error boundary', () => {
  it('shows the recovery screen instead of a blank page and reports the error once, silently', async () => {
    render(
      <AppErrorBoundary>
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on this page');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await vi.waitFor(() => expect(reported.handleError).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const [error, options] = reported.handleError.mock.calls[0]!;
    expect((error as Error).message).toBe('render exploded');
    expect(options).toMatchObject({ silent: true, component: expect.stringMatching(/^ErrorBoundary/) });
  });

  it('renders the page again on "Try again" once it works', async () => {
    render(
      <AppErrorBoundary>
        <Fragile />
      </AppErrorBoundary>,
    );
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Working page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
