import { ArrowRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { posts } from 'virtual:adsmith/blog-index';
import { PageHeader } from '@web/components/layout/page-header';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { postPath } from '../content/blog-paths';
import { tagLabel } from './format-post-date';
import { PostMeta } from './post-meta';
import { webPaths } from '@shared/web-paths';

/** Tags by how many posts use them, then alphabetically. */
function tagCounts(): [string, number][] {
  const counts = new Map<string, number>();
  for (const post of posts) for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const chip =
  'inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function BlogListPage() {
  const [params] = useSearchParams();
  const tags = tagCounts();
  const active = params.get('tag');
  const selected = active && tags.some(([tag]) => tag === active) ? active : null;
  const shown = selected ? posts.filter((post) => post.tags.includes(selected)) : posts;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader
        eyebrow="Blog"
        title="Guides for better Facebook and Instagram ads"
        description="Practical, up-to-date articles on targeting, budgets, creatives, automation and using AI in paid social."
      />
      {tags.length > 0 ? (
        <nav aria-label="Filter articles by topic" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to={webPaths.blog}
                aria-current={selected === null ? 'page' : undefined}
                className={cn(
                  chip,
                  selected === null ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted',
                )}
              >
                All topics
              </Link>
            </li>
            {tags.map(([tag, count]) => (
              <li key={tag}>
                <Link
                  to={`/blog?tag=${tag}`}
                  aria-current={selected === tag ? 'page' : undefined}
                  className={cn(
                    chip,
                    selected === tag ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted',
                  )}
                >
                  {tagLabel(tag)} <span className="ml-1.5 text-xs opacity-75">{count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {selected ? `${shown.length} articles about ${tagLabel(selected)}` : `${shown.length} articles`}
      </p>
      {shown.length === 0 ? (
        <p className="mt-10 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
          No articles published yet. Check back soon.
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((post) => (
            <li key={post.slug}>
              <Card className="group relative flex h-full flex-col p-6 transition-shadow hover:shadow-md">
                <p className="flex flex-wrap gap-2 text-xs font-semibold uppercase tracking-wider text-primary">
                  {post.tags.slice(0, 2).map((tag) => (
                    <span key={tag}>{tagLabel(tag)}</span>
                  ))}
                </p>
                <h2 className="mt-3 text-lg font-semibold leading-snug">
                  <Link to={postPath(post.slug)} className="after:absolute after:inset-0 focus-visible:outline-none">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-sm text-muted-foreground">{post.description}</p>
                <div className="mt-5 flex items-center justify-between gap-2">
                  <PostMeta post={post} />
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 shrink-0 text-primary transition-transform group-hover:translate-x-0.5"
                  />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
