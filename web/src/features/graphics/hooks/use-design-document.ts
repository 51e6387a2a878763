import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { type Design, type DesignTexts } from '@shared/graphics/design-schema';
import type { ExportReply } from '@shared/schemas/graphics';
import { ApiError } from '@web/lib/api-client';
import { apiRequest } from '@web/lib/api';
import { usageKey } from '@web/lib/billing/usage';
import { graphicsKeys } from '../api/graphics-api';
import { initialDesign, type SavedDesignState } from '../lib/editor-design';
import type { SavingTools } from '../components/server-export';

export type SaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; version: number }
  | { status: 'conflict'; message: string }
  | { status: 'failed'; message: string };

/** The stored design the editor has open: its id, name and version as last saved or opened. */
export interface OpenDesign {
  id: string;
  name: string;
  version: number;
}

interface DesignDocumentOptions {
  prefill: Partial<DesignTexts> | null;
  brandKit: BrandKit | null;
  initialSaved: SavedDesignState | null;
  openError: string | null;
  onOpenIdChange: (id: string | null) => void;
}

/**
 * The design being edited as a document: its name, the stored design it is (if any), whether it has unsaved
 * changes, and saving, opening, starting anew, and following renames and deletes made in the Saved tab.
 */
export function useDesignDocument({
  prefill,
  brandKit,
  initialSaved,
  openError,
  onOpenIdChange,
}: DesignDocumentOptions) {
  const queryClient = useQueryClient();
  const [design, setDesign] = useState(() => initialSaved?.design ?? initialDesign(prefill, brandKit));
  const [open, setOpen] = useState<OpenDesign | null>(() =>
    initialSaved ? { id: initialSaved.id, name: initialSaved.name, version: initialSaved.version } : null,
  );
  const [name, setName] = useState(initialSaved?.name ?? 'Untitled design');
  // The design as last saved or opened (by reference: every edit makes a new object), to know when to save again.
  const [savedDesign, setSavedDesign] = useState<Design | null>(initialSaved?.design ?? null);
  const [saveState, setSaveState] = useState<SaveState>({ status: 'idle' });
  const [openProblem, setOpenProblem] = useState<string | null>(openError);
  const [lastExport, setLastExport] = useState<ExportReply | null>(null);

  const edit = (next: Design) => {
    setDesign(next);
    if (saveState.status === 'saved') setSaveState({ status: 'idle' });
  };

  const rename = (next: string) => {
    setName(next);
    if (saveState.status === 'saved') setSaveState({ status: 'idle' });
  };

  /** Saves (a new design, the next version, or a copy); the saved id and version, or null when it failed. */
  async function save(asCopy = false): Promise<{ id: string; version: number } | null> {
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

  const unsaved = open === null || design !== savedDesign || name.trim() !== open.name;
  /** What the server renders is the saved version: save first when the design is new or changed. */
  const ensureSaved = async () => (open && !unsaved ? { id: open.id, version: open.version } : save());
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

  async function openDesign(id: string) {
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

  function newDesign() {
    setDesign(initialDesign(prefill, brandKit));
    setSavedDesign(null);
    setOpen(null);
    setName('Untitled design');
    setSaveState({ status: 'idle' });
    onOpenIdChange(null);
  }

  /** A saved design was renamed in the Saved tab: the open one takes its new name and version. */
  function renamedElsewhere(id: string, newName: string, version: number) {
    if (open?.id !== id) return;
    setOpen({ id, name: newName, version });
    setName(newName);
  }

  /** A saved design was deleted in the Saved tab: the open one becomes a new, unsaved design. */
  function deletedElsewhere(id: string) {
    if (open?.id !== id) return;
    setOpen(null);
    setSaveState({ status: 'idle' });
    onOpenIdChange(null);
  }

  /** Its images went with it: "Use in a campaign" must export again rather than send them. */
  function exportDeleted(exportId: string) {
    setLastExport((last) => (last?.exportId === exportId ? null : last));
  }

  return {
    design,
    edit,
    open,
    name,
    rename,
    unsaved,
    saveState,
    openProblem,
    savingTools,
    save,
    openDesign,
    newDesign,
    renamedElsewhere,
    deletedElsewhere,
    exportDeleted,
  };
}
