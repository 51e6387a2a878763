import { type Design, type TemplateId } from '@shared/graphics/design-schema';
import { Card, CardContent } from '@web/components/ui/card';
import { Tabs } from '@web/components/ui/tabs';
import { rememberAssetUrl } from '../lib/asset-images';
import { withBrandKit } from '../lib/editor-design';
import { BrandKitPanel } from './brand-kit-panel';
import { CarouselCardsPanel } from './carousel-cards-panel';
import { DesignControls } from './design-controls';
import { ImageLibrary } from './image-library';
import { PastExports } from './past-exports';
import { SavedDesigns } from './saved-designs';
import { TemplatePicker } from './template-picker';

export type EditorTab = 'design' | 'brand' | 'images' | 'saved';
const editorTabs: { value: EditorTab; label: string }[] = [
  { value: 'design', label: 'Design' },
  { value: 'brand', label: 'Brand kit' },
  { value: 'images', label: 'Images' },
  { value: 'saved', label: 'Saved' },
];

interface EditorSectionsProps {
  tab: EditorTab;
  onTabChange: (tab: EditorTab) => void;
  design: Design;
  onChange: (design: Design) => void;
  thumbnails: Partial<Record<TemplateId, string>>;
  /** The texts came from the latest saved ad copy (said under the template picker of a new design). */
  prefilled: boolean;
  /** "Based on your best-performing template (…)": what won in the selected ad account, when a template did. */
  templateHint?: string | null;
  openId: string | null;
  onOpen: (id: string) => void;
  onRenamed: (id: string, name: string, version: number) => void;
  onDeleted: (id: string) => void;
  onExportDeleted: (exportId: string) => void;
}

/** The editor's left side: design, brand kit, images and saved designs, one tab at a time. */
export function EditorSections({
  tab,
  onTabChange,
  design,
  onChange,
  thumbnails,
  prefilled,
  templateHint,
  ...saved
}: EditorSectionsProps) {
  return (
    <Card className="min-w-0">
      <CardContent className="grid gap-6 pt-6">
        <Tabs label="Editor sections" items={editorTabs} value={tab} onValueChange={onTabChange}>
          {tab === 'design' ? (
            <div className="grid gap-6">
              <TemplatePicker
                value={design.templateId}
                onChange={(templateId) => onChange({ ...design, templateId })}
                thumbnails={thumbnails}
              />
              {templateHint ? <p className="text-xs text-muted-foreground">{templateHint}</p> : null}
              {prefilled ? (
                <p className="text-xs text-muted-foreground">Texts prefilled from your latest saved ad copy.</p>
              ) : null}
              <DesignControls design={design} onChange={onChange} />
              {design.templateId === 'carousel-card' ? (
                <CarouselCardsPanel design={design} onChange={onChange} />
              ) : null}
            </div>
          ) : tab === 'brand' ? (
            <BrandKitPanel
              onApply={(kit, logoUrl) => {
                if (kit.logo?.kind === 'asset' && logoUrl) rememberAssetUrl(kit.logo.key, logoUrl);
                onChange(withBrandKit(design, kit));
              }}
            />
          ) : tab === 'images' ? (
            <ImageLibrary design={design} onChange={onChange} />
          ) : (
            <div className="grid gap-6">
              <SavedDesigns
                openId={saved.openId}
                onOpen={saved.onOpen}
                onRenamed={saved.onRenamed}
                onDeleted={saved.onDeleted}
              />
              <PastExports onDeleted={saved.onExportDeleted} />
            </div>
          )}
        </Tabs>
      </CardContent>
    </Card>
  );
}
