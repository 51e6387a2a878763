import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonVariants } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/** No article is published yet, so every slug says so plainly instead of showing invented text. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const title = slug.replace(/[-_]+/g, ' ').trim();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <Card className="p-8 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Blog</p>
        <h1 className="mt-2 text-2xl font-bold capitalize">{title || 'Article'}</h1>
        <p className="mt-3 text-muted-foreground">This article is not published yet. Check back soon.</p>
        <Link to="/blog" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          <ArrowLeft aria-hidden="true" /> All articles
        </Link>
      </Card>
    </div>
  );
}
