import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingScreen } from '@web/components/loading-screen';

describe('LoadingScreen', () => {
  it('shows the product name, tagline, a labelled spinner and the initialising message', () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('heading', { name: 'Adsmith' })).toBeInTheDocument();
    expect(screen.getByText('AI-Powered Facebook Advertising Platform')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading Adsmith' })).toBeInTheDocument();
    expect(screen.getByText('Initializing AI components and platform features...')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('AI Engine')).not.toBeInTheDocument();
  });

  it('shows the progress bar with its percent when given', () => {
    render(<LoadingScreen progress={42.4} />);
    const bar = screen.getByRole('progressbar', { name: 'Loading progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
  });

  it('shows the three tiles with details enabled', () => {
    render(<LoadingScreen showDetails />);
    for (const tile of ['AI Engine', 'Integrations', 'Campaigns']) {
      expect(screen.getByText(tile)).toBeInTheDocument();
    }
  });
});
