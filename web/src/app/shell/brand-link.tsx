import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/constants';
import { webPaths } from '@shared/web-paths';

export function BrandLink() {
  return (
    <Link to={webPaths.home} className="flex items-center gap-2 font-semibold tracking-tight">
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-pink-600 text-sm font-bold text-white shadow-sm"
      >
        A
      </span>
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  );
}
