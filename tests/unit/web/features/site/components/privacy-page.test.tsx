import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from '@web/features/site/components/privacy-page';

describe('the privacy page', () => {
  it('says what happens to the customer lists people upload (issue 30, req 4)', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const heading = screen.getByRole('heading', { name: /Customer lists you upload/ });
    const section = heading.closest('section') ?? heading.parentElement!;
    expect(section).toHaveTextContent('hashed (SHA-256) as the file is read');
    expect(section).toHaveTextContent('A file of up to 2 MB is read in memory and never stored');
    expect(section).toHaveTextContent('deleted as soon as its last row is hashed');
    expect(section).toHaveTextContent('after one day');
    expect(section).toHaveTextContent('No file is ever written to logs');
    expect(section).not.toHaveTextContent('We do not keep the hashes either');
    expect(section).toHaveTextContent(
      'We keep the hashes of each list’s last upload, and only the hashes, in an encrypted storage bucket of your deployment',
    );
    expect(section).toHaveTextContent('deleted with the audience');
    expect(section).toHaveTextContent('members the owner allows');
  });
});
