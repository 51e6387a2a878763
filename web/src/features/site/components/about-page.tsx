import { PRODUCT_NAME } from '@shared/constants';
import { PageHeader } from '@web/components/layout/page-header';
import { Card } from '@web/components/ui/card';

const principles = [
  {
    title: 'Your data stays yours',
    text: 'Your Meta access is exchanged and stored on our servers only, encrypted, and never shown to the browser or shared.',
  },
  {
    title: 'AI that explains itself',
    text: 'Suggestions come with the reasoning behind them, so you stay in control of every change.',
  },
  {
    title: 'Made for marketers',
    text: 'Built around the way paid social teams work: briefs, creatives, campaigns and results.',
  },
];

export function AboutPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeader
        eyebrow="About"
        title={`Why we built ${PRODUCT_NAME}`}
        description="Running Facebook and Instagram ads well takes copywriting, design, media buying and analysis. We bring them together in one place and let AI do the heavy lifting."
      />
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {principles.map((p) => (
          <li key={p.title}>
            <Card className="h-full p-6">
              <h2 className="font-semibold">{p.title}</h2>
              <p className="mt-2 text-sm text-muted-foreground">{p.text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
