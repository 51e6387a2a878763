import { Link } from 'react-router-dom';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants';
import { legalLinks, publicLinks } from './nav-links';

export function SiteFooter() {
  return (
    <footer className="border-t bg-card">
      {/* Room for the chat launcher (fixed in the bottom-right corner): below the last line on a phone,
          to the right of the row on wider screens, so it never covers a footer link or the copyright. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 pb-20 pt-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:pb-8 sm:pl-6 sm:pr-24">
        <p>
          <span className="font-medium text-foreground">{PRODUCT_NAME}</span> · {PRODUCT_TAGLINE}
        </p>
        <nav aria-label="Footer" className="flex flex-wrap gap-4">
          {[...publicLinks, ...legalLinks].map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-foreground">
              {link.label}
            </Link>
          ))}
        </nav>
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
