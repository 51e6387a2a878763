import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileArchive, FilePlus2, Save } from 'lucide-react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { applyBrandKit } from '@shared/graphics/apply-brand-kit';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { checkDesignAllSizes } from '@shared/graphics/design-checks';
import {
  type Design,
  type DesignTexts,
  defaultDesign,
  templateIds,
  type TemplateId,
} from '@shared/graphics/design-schema';
import { exportFileName, exportZipName } from '@shared/graphics/export-file-names';
import { type PlacementSizeId, placementSizeIds } from '@shared/graphics/placement-sizes';
import type { ExportReply } from '@shared/schemas/graphics';
import { Button } from '@web/components/ui/button';
import { Alert } from '@web/components/ui/alert';
import { Card, CardContent } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs } from '@web/components/ui/tabs';
import { ApiError } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/use-auth';
import { usageKey } from '@web/lib/billing/usage';
import { graphicsKeys, useAssets, useBrandKit, useSavedDesign } from '../api/graphics-api';
import { useLastAdCopyTexts } from '../api/last-ad-copy';
import { canDrawAsset, rememberAssetUrl } from '../lib/asset-images';
import { downloadBytes, exportZip } from '../lib/export-zip';
import { type GraphicsRenderer } from '../lib/graphics-renderer';
import { BrandKitPanel } from './brand-kit-panel';
import { ChecksList } from './checks-list';
import { DesignControls } from './design-controls';
import { ImageLibrary } from './image-library';
import { PastExports } from './past-exports';
import { SavedDesigns } from './saved-designs';
import { SizePreviews } from './size-previews';
import { TemplatePicker } from './template-picker';
import { ServerExport, type SavingTools } from './server-export';
import { UseInCampaign } from './use-in-campaign';

/** Texts every template can show, so switching layouts never leaves a field empty. */
const sampleTexts: DesignTexts = {
  headline: 'Run cooler this summer',
  body: 'Breathable running shoes with free returns for 100 days.',
  cta: 'Shop now',
  badge: '-30 %',
  quote: 'The lightest shoes I have ever raced in.',
  attribution: 'Maya R., marathoner',
  features: ['Breathable mesh', '100-day returns', 'Carbon plate'],
  eventDate: 'Sat 14 June',
  eventPlace: 'Riverside Park, Lisbon',
  caption: 'Made for long days outside',
};

export function initialDesign(prefill: Partial<DesignTexts> | null, brandKit: BrandKit | null = null): Design {
  const design = defaultDesign({ texts: { ...sampleTexts, ...(prefill ?? {}) } });
  return brandKit ? applyBrandKit(design, brandKit) : design;
}

/** The brand kit on a design; a kit without a logo takes the logo off too (logos come from the kit only). */
function withBrandKit(design: Design, kit: BrandKit): Design {
  const next = applyBrandKit(design, kit);
  if (kit.logo) return next;
  const { logo: _logo, ...images } = next.images;
  return { ...next, images };
}

/** A stored design as the editor holds it. */
export interface SavedDesignState {
  id: string;
  name: string;
  version: number;
  design: Design;
}

const DESIGN_ID = /^[0-9a-f-]{36}$/;

/** The `?design=` of the editor's URL, when it is a design id. */
export function designIdOf(value: string | null): string | null {
  return value && DESIGN_ID.test(value) ? value : null;
}

type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; version: number }
  | { status: 'conflict'; message: string }
  | { status: 'failed'; message: string };

type EditorTab = 'design' | 'brand' | 'images' | 'saved';
const editorTabs: { value: EditorTab; label: string }[] = [
  { value: 'design', label: 'Design' },
  { value: 'brand', label: 'Brand kit' },
  { value: 'images', label: 'Images' },
  { value: 'saved', label: 'Saved' },
];

async function renderAll(renderer: GraphicsRenderer, design: Design): Promise<Record<PlacementSizeId, string>> {
  const entries = await Promise.all(
    placementSizeIds.map(async (sizeId) => [sizeId, await renderer.svg(design, sizeId)] as const),
  );
  return Object.fromEntries(entries) as Record<PlacementSizeId, string>;
}

async function renderThumbnails(renderer: GraphicsRenderer, design: Design): Promise<Record<TemplateId, string>> {
  const entries = await Promise.all(
    templateIds.map(async (templateId) => {
      const svg = await renderer.svg({ ...design, templateId, texts: sampleTexts, images: {} }, 'square');
      return [templateId, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<TemplateId, string>;
}

type ExportState =
  | { status: 'idle' }
  | { status: 'rendering'; done: number; total: number }
  | { status: 'done'; fileName: string }
  | { status: 'failed'; message: string };

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
  campaignPanel?: (blocked: boolean, saving: SavingTools) => ReactNode;
  /** The server's export (saves first); without it the ZIP is built in the browser. */
  exportPanel?: (blocked: boolean, saving: SavingTools) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [design, setDesign] = useState(() => initialSaved?.design ?? initialDesign(prefill, brandKit));
  const [open, setOpen] = useState(() =>
    initialSaved ? { id: initialSaved.id, name: initialSaved.name, version: initialSaved.version } : null,
  );
  const [name, setName] = useState(initialSaved?.name ?? 'Untitled design');
  // The design as last saved or opened (by reference: every edit makes a new object), to know when to save again.
  const [savedDesign, setSavedDesign] = useState<Design | null>(initialSaved?.design ?? null);
  const [saveState, setSaveState] = useState<SaveState>({ status: 'idle' });
  const [tab, setTab] = useState<EditorTab>('design');
  const [openProblem, setOpenProblem] = useState<string | null>(openError);
  // Subscribed here so stored images' URLs are known to the preview whichever tab is shown.
  useAssets();
  const [showSafeZones, setShowSafeZones] = useState(true);
  const [exporting, setExporting] = useState<ExportState>({ status: 'idle' });
  // Typing stays responsive: previews and checks follow the deferred design.
  const deferred = useDeferredValue(design);

  // A stored image draws once its URL is known (asset list, brand kit): redraw when that changes.
  const drawable = Object.values(deferred.images).map((ref) => (ref?.kind === 'asset' ? canDrawAsset(ref.key) : true));
  const previews = useQuery({
    queryKey: ['graphics', 'preview', deferred, drawable],
    queryFn: () => renderAll(renderer, deferred),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  });
  const look = { colours: deferred.colours, fonts: deferred.fonts, ctaStyle: deferred.ctaStyle, align: deferred.align };
  const thumbnails = useQuery({
    queryKey: ['graphics', 'thumbnails', look],
    queryFn: () => renderThumbnails(renderer, deferred),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const checks = useMemo(() => checkDesignAllSizes(deferred), [deferred]);
  const errors = checks.filter((c) => c.level === 'error').length;
  const busy = exporting.status === 'rendering';

  const edit = (next: Design) => {
    setDesign(next);
    if (saveState.status === 'saved') setSaveState({ status: 'idle' });
  };

  /** Saves (a new design, the next version, or a copy); the saved id and version, or null when it failed. */
  async function onSave(asCopy = false): Promise<{ id: string; version: number } | null> {
    setSaveState({ status: 'saving' });
    const current = asCopy ? null : open;
    const body = {
      name: name.trim() || 'Untitled design',
      design,
      ...(current ? { expectedVersion: current.version } : {}),
    };
    try {
      const saved = current
        ? await apiRequest('graphicsSaveDesign', { params: { id: current.id }, body })
        : await apiRequest('graphicsCreateDesign', { body });
      setOpen({ id: saved.id, name: saved.name, version: saved.version });
      setName(saved.name);
      setSavedDesign(design);
      setSaveState({ status: 'saved', version: saved.version });
      queryClient.setQueryData(graphicsKeys.design(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: graphicsKeys.designs });
      if (saved.id !== current?.id) onOpenIdChange(saved.id);
      return { id: saved.id, version: saved.version };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setSaveState({ status: 'conflict', message: error.message });
      } else {
        setSaveState({
          status: 'failed',
          message: error instanceof Error ? error.message : 'The design was not saved.',
        });
      }
      return null;
    }
  }

  const [lastExport, setLastExport] = useState<ExportReply | null>(null);
  const unsaved = open === null || design !== savedDesign || name.trim() !== open.name;
  /** What the server renders is the saved version: save first when the design is new or changed. */
  const ensureSaved = async () => (open && !unsaved ? { id: open.id, version: open.version } : onSave());
  const savingTools: SavingTools = {
    ensureSaved,
    lastExport: lastExport && open && !unsaved && lastExport.version === open.version ? lastExport : null,
    onExported: (reply) => {
      setLastExport(reply);
      // Whichever panel exported (Export or Use in a campaign), the export joins the past exports and is counted.
      void queryClient.invalidateQueries({ queryKey: graphicsKeys.exports });
      void queryClient.invalidateQueries({ queryKey: usageKey });
    },
  };

  async function onOpen(id: string) {
    setOpenProblem(null);
    try {
      const saved = await queryClient.fetchQuery({
        queryKey: graphicsKeys.design(id),
        queryFn: () => apiRequest('graphicsDesign', { params: { id } }),
        staleTime: 0,
      });
      setDesign(saved.design);
      setSavedDesign(saved.design);
      setOpen({ id: saved.id, name: saved.name, version: saved.version });
      setName(saved.name);
      setSaveState({ status: 'idle' });
      onOpenIdChange(saved.id);
    } catch (error) {
      setOpenProblem(error instanceof Error ? error.message : 'The design could not be opened.');
    }
  }

  function onNew() {
    setDesign(initialDesign(prefill, brandKit));
    setSavedDesign(null);
    setOpen(null);
    setName('Untitled design');
    setSaveState({ status: 'idle' });
    setTab('design');
    onOpenIdChange(null);
  }

  async function onExportZip() {
    setExporting({ status: 'rendering', done: 0, total: placementSizeIds.length });
    try {
      const zip = await exportZip(design, renderer, (done, total) =>
        setExporting({ status: 'rendering', done, total }),
      );
      // Named as the server names its ZIP; the version only when these are the saved version's images.
      const fileName = exportZipName(name, unsaved || !open ? undefined : open.version);
      downloadBytes(zip, fileName, 'application/zip');
      setExporting({ status: 'done', fileName });
    } catch (error) {
      setExporting({ status: 'failed', message: error instanceof Error ? error.message : 'The export failed.' });
    }
  }

  async function onDownload(sizeId: PlacementSizeId) {
    setExporting({ status: 'rendering', done: 0, total: 1 });
    try {
      const fileName = exportFileName(design.templateId, sizeId);
      downloadBytes(await renderer.png(design, sizeId), fileName, 'image/png');
      setExporting({ status: 'done', fileName });
    } catch (error) {
      setExporting({ status: 'failed', message: error instanceof Error ? error.message : 'The export failed.' });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
      <Card className="min-w-0">
        <CardContent className="grid gap-6 pt-6">
          <Tabs label="Editor sections" items={editorTabs} value={tab} onValueChange={setTab}>
            {tab === 'design' ? (
              <div className="grid gap-6">
                <TemplatePicker
                  value={design.templateId}
                  onChange={(templateId) => edit({ ...design, templateId })}
                  thumbnails={thumbnails.data ?? {}}
                />
                {prefill && !open ? (
                  <p className="text-xs text-muted-foreground">Texts prefilled from your latest saved ad copy.</p>
                ) : null}
                <DesignControls design={design} onChange={edit} />
              </div>
            ) : tab === 'brand' ? (
              <BrandKitPanel
                onApply={(kit, logoUrl) => {
                  if (kit.logo?.kind === 'asset' && logoUrl) rememberAssetUrl(kit.logo.key, logoUrl);
                  edit(withBrandKit(design, kit));
                }}
              />
            ) : tab === 'images' ? (
              <ImageLibrary design={design} onChange={edit} />
            ) : (
              <div className="grid gap-6">
                <SavedDesigns
                  openId={open?.id ?? null}
                  onOpen={(id) => void onOpen(id)}
                  onRenamed={(id, newName, version) => {
                    if (open?.id !== id) return;
                    setOpen({ id, name: newName, version });
                    setName(newName);
                  }}
                  onDeleted={(id) => {
                    if (open?.id !== id) return;
                    setOpen(null);
                    setSaveState({ status: 'idle' });
                    onOpenIdChange(null);
                  }}
                />
                <PastExports
                  // Its images went with it: "Use in a campaign" must export again rather than send them.
                  onDeleted={(exportId) => setLastExport((last) => (last?.exportId === exportId ? null : last))}
                />
              </div>
            )}
          </Tabs>
        </CardContent>
      </Card>

      <div className="grid min-w-0 content-start gap-6">
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label="Save design"
          onSubmit={(event) => {
            event.preventDefault();
            void onSave();
          }}
        >
          <FormField label="Design name" className="min-w-0 flex-1 basis-48">
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={120}
                onChange={(e) => {
                  setName(e.target.value);
                  if (saveState.status === 'saved') setSaveState({ status: 'idle' });
                }}
              />
            )}
          </FormField>
          <Button type="submit" disabled={saveState.status === 'saving' || !name.trim()}>
            {saveState.status === 'saving' ? <Spinner className="size-4" /> : <Save aria-hidden="true" />}
            {saveState.status === 'saving' ? 'Saving…' : open ? 'Save' : 'Save design'}
          </Button>
          <Button type="button" variant="outline" onClick={onNew}>
            <FilePlus2 aria-hidden="true" /> New design
          </Button>
        </form>
        <div role="status" aria-live="polite" className="-mt-3 text-sm text-muted-foreground empty:hidden">
          {saveState.status === 'saved'
            ? `Saved “${open?.name ?? name}” (version ${saveState.version}).`
            : open && saveState.status === 'idle'
              ? `Editing “${open.name}”, version ${open.version}.${unsaved ? ' Unsaved changes.' : ''}`
              : ''}
        </div>
        {saveState.status === 'conflict' ? (
          <Alert variant="warning" title="This design was changed elsewhere">
            <p>{saveState.message}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => open && void onOpen(open.id)}>
                Reopen the newer version
              </Button>
              <Button size="sm" variant="outline" onClick={() => void onSave(true)}>
                Save mine as a copy
              </Button>
            </div>
          </Alert>
        ) : null}
        {saveState.status === 'failed' ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            The design was not saved: {saveState.message}
          </p>
        ) : null}
        {openProblem ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            The saved design could not be opened: {openProblem}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={showSafeZones}
              onChange={(e) => setShowSafeZones(e.target.checked)}
              className="size-4"
            />
            Show Stories and Reels safe zones
          </label>
          <div className="flex items-center gap-3">
            {previews.isFetching ? (
              <span role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
                <Spinner className="size-3" /> Updating previews…
              </span>
            ) : null}
            {exportPanel ? null : (
              <Button onClick={() => void onExportZip()} disabled={busy || errors > 0}>
                <FileArchive aria-hidden="true" /> Export ZIP (4 PNG)
              </Button>
            )}
          </div>
        </div>
        {errors > 0 ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            Fix the {errors === 1 ? 'error' : `${errors} errors`} listed under Quality checks to export.
          </p>
        ) : null}
        <div role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {exporting.status === 'rendering'
            ? `Rendering ${Math.min(exporting.done + 1, exporting.total)} of ${exporting.total}…`
            : exporting.status === 'done'
              ? `Downloaded ${exporting.fileName}.`
              : exporting.status === 'failed'
                ? exporting.message
                : ''}
        </div>
        {previews.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            The previews could not be drawn:{' '}
            {previews.error instanceof Error ? previews.error.message : 'unknown error'}.
          </p>
        ) : null}
        <SizePreviews
          design={deferred}
          svgs={previews.data}
          updating={previews.isFetching}
          showSafeZones={showSafeZones}
          onDownload={(id) => void onDownload(id)}
          downloading={busy}
        />
        {exportPanel?.(errors > 0, savingTools)}
        {campaignPanel?.(errors > 0, savingTools)}
        <ChecksList checks={checks} />
      </div>
    </div>
  );
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
      exportPanel={(blocked, saving) => (
        <ServerExport ensureSaved={saving.ensureSaved} blocked={blocked} onExported={saving.onExported} />
      )}
      campaignPanel={(blocked, saving) => <UseInCampaign blocked={blocked} saving={saving} />}
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
