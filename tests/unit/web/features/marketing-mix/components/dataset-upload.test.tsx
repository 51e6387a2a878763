import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleCsv } from '@shared/mmm/sample-csv';
import { DatasetUpload } from '@web/features/marketing-mix/components/dataset-upload';
import { testUser } from '@tests/unit/web/support/cognito-mock';
import { notConnected } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';
import { serveApi } from '@tests/unit/web/support/meta-account/serve-api';

const cognito = vi.hoisted(() => ({ current: undefined as unknown as { getSignedInUser: ReturnType<typeof vi.fn> } }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

describe('marketing-mix upload step', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
    serveApi(api.apiRequest, { metaConnection: () => notConnected });
  });

  it('offers the sample CSV as a download, and the sample maps itself when uploaded back', async () => {
    renderWithMeta(<DatasetUpload onSaved={() => undefined} />);
    const link = screen.getByRole('link', { name: 'Download a sample CSV' });
    expect(link).toHaveAttribute('download', 'adsmith-marketing-mix-sample.csv');
    const href = link.getAttribute('href')!;
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    const text = decodeURIComponent(href.slice('data:text/csv;charset=utf-8,'.length));
    expect(text).toBe(sampleCsv());

    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([text], 'adsmith-marketing-mix-sample.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/52 rows, 7 columns/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Date column' })).toHaveValue('date');
    expect(screen.getByRole('combobox', { name: 'KPI column' })).toHaveValue('revenue');
    const spend = screen.getByRole('group', { name: 'Spend columns (one channel each)' });
    for (const column of ['facebook_spend', 'google_search_spend', 'tv_spend']) {
      expect(within(spend).getByRole('checkbox', { name: column })).toBeChecked();
    }
    expect(
      within(screen.getByRole('group', { name: 'Controls' })).getByRole('checkbox', { name: 'competitor_price' }),
    ).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: 'Events' })).getByRole('checkbox', { name: 'holiday_event' }),
    ).toBeChecked();
    expect(screen.getByRole('button', { name: 'Check and save dataset' })).toBeEnabled();
  });
});
