import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { basedOnLine } from '@shared/creative-winners';
import { type Design, type DesignTexts, type TemplateId, templateIds } from '@shared/graphics/design-schema';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth/use-auth';
import { useSelectedAccountWinners } from '@web/lib/meta-account/creative-winners';
import { useAssets, useBrandKit, useSavedDesign } from '../api/graphics-api';
import { useLastAdCopyTexts } from '../api/last-ad-copy';
import { useBrowserExport } from '../hooks/use-browser-export';
import { useDesignDocument } from '../hooks/use-design-document';
import { useDesignPreviews } from '../hooks/use-design-previews';
import { designIdOf, type SavedDesignState } from '../lib/editor-design';
import { type GraphicsRenderer } from '../lib/graphics-renderer';
import { ChecksList } from './checks-list';
import { type EditorTab, EditorSections } from './editor-sections';
import { PreviewToolbar } from './preview-toolbar';
import { SaveDesignBar } from './save-design-bar';
import { SizePreviews } from './size-previews';
import { VideoPanel } from './make-video';
import { ServerExport, type SavingTools } from './server-export';
import { UseInCampaign } from './use-in-campaign';

/** The editor: template, texts, colours, type and images on the left; the four sizes, live, and the checks on the right. */
export function GraphicsEditor({
  renderer,
  prefill,
  brandKit = null,
  initialSaved = null,
  openError = null,
  onOpenIdChange = () => undefined,
  campaignPanel,
  exportPanel,
}: {
  renderer: GraphicsRenderer;
  prefill: Partial<DesignTexts> | null;
  /** The user's saved brand kit: a new design starts from it. */
  brandKit?: BrandKit | null;
  /** The design the URL named, loaded. */
  initialSaved?: SavedDesignState | null;
  /** Why the design the URL named could not be opened. */
  openError?: string | null;
  /** The open design changed (saved as new, opened, closed): the page puts its id in the URL. */
  onOpenIdChange?: (id: string | null) => void;
  /** "Use in a campaign" (needs the router and the signed-in user, so the page supplies it). */
  campaignPanel?: (blocked: boolean, saving: SavingTools, design: Design) => ReactNode;
  /** The server's export (saves first); without it the ZIP is built in the browser. */
  exportPanel?: (blocked: boolean, saving: SavingTools, design: Design) => ReactNode;
}) {
  const doc = useDesignDocument({ prefill, brandKit, initialSaved, openError, onOpenIdChange });
  const [tab, setTab] = useState<EditorTab>('design');
  const templateHint = useWinningTemplate(doc, initialSaved);
  // Subscribed here so stored images' URLs are known to the preview whichever tab is shown.
  useAssets();
  const [showSafeZones, setShowSafeZones] = useState(true);
  const { deferred, previews, thumbnails, checks, errors } = useDesignPreviews(renderer, doc.design);
  const browserExport = useBrowserExport(renderer, {
    design: doc.design,
    name: doc.name,
    savedVersion: doc.unsaved || !doc.open ? undefined : doc.open.version,
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
      <EditorSections
        tab={tab}
        onTabChange={setTab}
        design={doc.design}
        onChange={doc.edit}
        thumbnails={thumbnails.data ?? {}}
        prefilled={Boolean(prefill) && !doc.open}
        templateHint={templateHint}
        openId={doc.open?.id ?? null}
        onOpen={(id) => void doc.openDesign(id)}
        onRenamed={doc.renamedElsewhere}
        onDeleted={doc.deletedElsewhere}
        onExportDeleted={doc.exportDeleted}
      />

      <div className="grid min-w-0 content-start gap-6">
        <SaveDesignBar
          name={doc.name}
          onRename={doc.rename}
          open={doc.open}
          unsaved={doc.unsaved}
          saveState={doc.saveState}
          openProblem={doc.openProblem}
          onSave={(asCopy) => void doc.save(asCopy)}
          onReopen={(id) => void doc.openDesign(id)}
          onNew={() => {
            doc.newDesign();
            setTab('design');
          }}
        />
        <PreviewToolbar
          showSafeZones={showSafeZones}
          onShowSafeZonesChange={setShowSafeZones}
          updating={previews.isFetching}
          previewError={
            previews.isError ? (previews.error instanceof Error ? previews.error.message : 'unknown error') : null
          }
          offerZip={!exportPanel}
          onExportZip={() => void browserExport.exportAllSizes()}
          exporting={browserExport.exporting}
          errors={errors}
        />
        <SizePreviews
          design={deferred}
          svgs={previews.data}
          updating={previews.isFetching}
          showSafeZones={showSafeZones}
          onDownload={(id) => void browserExport.downloadSize(id)}
          downloading={browserExport.busy}
        />
        {exportPanel?.(errors > 0, doc.savingTools, doc.design)}
        {campaignPanel?.(errors > 0, doc.savingTools, doc.design)}
        <ChecksList checks={checks} />
      </div>
    </div>
  );
}

const isTemplateId = (value: string): value is TemplateId => (templateIds as readonly string[]).includes(value);

/**
 * "Make more of what wins" (issue 29 req 5): the template that won in the selected ad account's creative report is
 * preselected for a new design, once, unless the marketer chose one before the report answered; the line says so.
 * No winner (or no Meta connection), no hint and nothing changed.
 */
function useWinningTemplate(
  doc: ReturnType<typeof useDesignDocument>,
  initialSaved: SavedDesignState | null,
): string | null {
  const winners = useSelectedAccountWinners(undefined);
  const template = winners?.template && isTemplateId(winners.template.value) ? winners.template.value : null;
  const [startedWith] = useState(doc.design.templateId);
  const [applied, setApplied] = useState(false);
  const untouched = !doc.open && !initialSaved && doc.design.templateId === startedWith;
  // Adjusted while rendering (once, guarded), as React advises over an effect: the report answers after mount.
  if (template && !applied && untouched) {
    setApplied(true);
    doc.edit({ ...doc.design, templateId: template });
  }
  if (!winners || !template) return null;
  return `${basedOnLine(winners, ['template'])}, in ${winners.groupLabel} over the last eight weeks: it won with at least 95% probability${applied ? ', so a new design starts from it' : ''}.`;
}

/**
 * The page's content: waits for the latest ad copy (to prefill texts), the brand kit (a new design starts from it)
 * and, when the URL names one (`?design=<id>`), the saved design, then opens the editor. The URL follows the open
 * design, so a reload reopens it.
 */
export function GraphicsGenerator({ renderer }: { renderer: GraphicsRenderer }) {
  const { currentUser } = useAuth();
  const prefill = useLastAdCopyTexts(currentUser?.uid);
  const brandKit = useBrandKit();
  const [params, setParams] = useSearchParams();
  // Read once: later URL changes come from the editor itself.
  const [openedWith] = useState(() => designIdOf(params.get('design')));
  const saved = useSavedDesign(openedWith);
  const waitingFor = prefill.isLoading
    ? 'your latest ad copy'
    : brandKit.isPending
      ? 'your brand kit'
      : openedWith && saved.isPending
        ? 'your design'
        : null;
  if (waitingFor) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading {waitingFor}…
      </div>
    );
  }
  return (
    <GraphicsEditor
      renderer={renderer}
      prefill={prefill.data ?? null}
      brandKit={brandKit.data?.saved ? brandKit.data.brandKit : null}
      initialSaved={saved.data ?? null}
      openError={saved.isError ? (saved.error instanceof Error ? saved.error.message : 'unknown error') : null}
      exportPanel={(blocked, saving, design) => (
        <>
          <ServerExport
            ensureSaved={saving.ensureSaved}
            blocked={blocked}
            onExported={saving.onExported}
            carouselCards={design.cards?.length}
          />
          <VideoPanel isCarousel={Boolean(design.cards)} ensureSaved={saving.ensureSaved} blocked={blocked} />
        </>
      )}
      campaignPanel={(blocked, saving, design) => (
        <UseInCampaign blocked={blocked} saving={saving} carouselCards={design.cards?.length} />
      )}
      onOpenIdChange={(id) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (id) next.set('design', id);
            else next.delete('design');
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
