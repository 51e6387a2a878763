import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { posts } from 'virtual:adsmith/blog-index';
import { buttonVariants } from '@web/components/ui/button';
import { postPath } from '../content/blog-paths';
import type { BlogPost } from '../content/blog-types';
import { tagLabel } from './format-post-date';
import { PostMeta } from './post-meta';
import { webPaths } from '@shared/web-paths';

/** Up to three other posts, those sharing most tags first, then the newest. */
function relatedPosts(post: BlogPost) {
  return posts
    .filter((other) => other.slug !== post.slug)
    .map((other) => ({ other, shared: other.tags.filter((tag) => post.tags.includes(tag)).length }))
    .sort((a, b) => b.shared - a.shared || b.other.date.localeCompare(a.other.date))
    .slice(0, 3)
    .map(({ other }) => other);
}

export function BlogPostPage({ post }: { post: BlogPost }) {
  const navigate = useNavigate();
  // Links inside the rendered Markdown are plain <a>: same-site ones navigate in the app.
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('/') || href.startsWith('//') || anchor.target) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(href);
  };
  const related = relatedPosts(post);

  return (
    <article className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to={webPaths.blog}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> All articles
      </Link>
      <header className="mt-6 max-w-3xl">
        <ul className="flex flex-wrap gap-2" aria-label="Topics">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/blog?tag=${tag}`}
                className="inline-flex min-h-8 items-center rounded-full bg-secondary px-3 text-xs font-semibold text-secondary-foreground hover:bg-secondary/70"
              >
                {tagLabel(tag)}
              </Link>
            </li>
          ))}
        </ul>
        <h1 className="mt-4 text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{post.description}</p>
        <div className="mt-4">
          <PostMeta post={post} />
        </div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div
          className="post-body min-w-0 max-w-3xl"
          onClick={onBodyClick}
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
        {post.headings.length > 1 ? (
          <nav aria-label="On this page" className="order-first lg:order-none">
            <div className="rounded-lg border bg-card p-4 lg:sticky lg:top-24">
              <p className="text-sm font-semibold">On this page</p>
              <ol className="mt-3 space-y-2 text-sm">
                {post.headings.map((heading) => (
                  <li key={heading.id}>
                    <a href={`#${heading.id}`} className="text-muted-foreground hover:text-foreground">
                      {heading.text}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
        ) : null}
      </div>
      <aside
        aria-label="Try Adsmith"
        className="mt-14 max-w-3xl rounded-xl bg-gradient-to-br from-indigo-600 to-pink-600 p-8 text-white shadow-lg"
      >
        <h2 className="text-2xl font-bold">Put this into practice with Adsmith</h2>
        <p className="mt-2 text-white/90">
          Write ad copy, plan campaigns and watch your Meta results in one place. Start free, no card needed.
        </p>
        <Link
          to={`${webPaths.auth}?tab=sign-up`}
          className={buttonVariants({
            variant: 'secondary',
            className: 'mt-6 bg-white text-indigo-700 hover:bg-white/90',
          })}
        >
          Start for free <ArrowRight aria-hidden="true" />
        </Link>
      </aside>
      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-14">
          <h2 id="related-heading" className="text-xl font-semibold">
            Keep reading
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {related.map((other) => (
              <li key={other.slug} className="rounded-lg border bg-card p-5">
                <Link to={postPath(other.slug)} className="font-medium leading-snug hover:text-primary">
                  {other.title}
                </Link>
                <p className="mt-2 text-sm text-muted-foreground">{other.readingMinutes} min read</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
