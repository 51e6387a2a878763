import { PageHeader } from '../../components/layout/page-header';
import { GraphicsGenerator } from '../../features/graphics/components/graphics-editor';
import { browserRenderer } from '../../features/graphics/lib/browser-renderer';

/** The graphics editor (lazy route: satori and the fonts load only here). */
export default function AdsGraphicsGeneratorRoute() {
  return (
    <div className="mx-auto grid max-w-[96rem] gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        eyebrow="AI tools"
        title="Graphics generator"
        description="On-brand ad images in every Meta placement size, checked against Stories and Reels safe zones before you export."
      />
      <GraphicsGenerator renderer={browserRenderer} />
    </div>
  );
}
