import { Newspaper } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { upcomingArticleTopics } from './blog-topics';

export function BlogListPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <PageHeader
        eyebrow="Blog"
        title="Guides for better Facebook and Instagram ads"
        description="Practical articles on targeting, creatives, budgets and AI in advertising. The first articles are being written now; here is what is coming."
      />
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {upcomingArticleTopics.map((topic) => (
          <li key={topic}>
            <Card className="flex h-full flex-col gap-3 p-5">
              <Newspaper aria-hidden="true" className="size-5 text-primary" />
              <h2 className="font-medium leading-snug">{topic}</h2>
              <Badge variant="outline" className="mt-auto self-start">
                Coming soon
              </Badge>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
