import { CalendarDays, Clock } from 'lucide-react';
import type { BlogPostSummary } from '../content/blog-types';
import { formatPostDate } from './format-post-date';

export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        {post.readingMinutes} min read
      </span>
    </p>
  );
}
