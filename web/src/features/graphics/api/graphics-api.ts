import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { apiRequest } from '@web/lib/api';
import { rememberAssetUrl } from '../lib/asset-images';

/** The `graphics` function's routes as the editor uses them (TanStack Query for everything the server keeps). */
export const graphicsKeys = {
  brandKit: ['graphics', 'brand-kit'] as const,
  assets: ['graphics', 'assets'] as const,
  designs: ['graphics', 'designs'] as const,
  design: (id: string) => ['graphics', 'design', id] as const,
  exports: ['graphics', 'exports'] as const,
};

/** GET /api/graphics/brand-kit; the logo's presigned URL is handed to the preview's image cache. */
export function useBrandKit() {
  return useQuery({
    queryKey: graphicsKeys.brandKit,
    queryFn: async ({ signal }) => {
      const reply = await apiRequest('graphicsBrandKit', { signal });
      if (reply.brandKit.logo?.kind === 'asset' && reply.logoUrl)
        rememberAssetUrl(reply.brandKit.logo.key, reply.logoUrl);
      return reply;
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function useSaveBrandKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kit: BrandKit) => apiRequest('graphicsSaveBrandKit', { body: kit }),
    onSuccess: (reply) => {
      if (reply.brandKit.logo?.kind === 'asset' && reply.logoUrl)
        rememberAssetUrl(reply.brandKit.logo.key, reply.logoUrl);
      queryClient.setQueryData(graphicsKeys.brandKit, reply);
    },
  });
}

/** GET /api/graphics/assets: uploads, AI images and exports, newest first, each with a presigned thumbnail URL. */
export function useAssets() {
  return useQuery({
    queryKey: graphicsKeys.assets,
    queryFn: async ({ signal }) => {
      const reply = await apiRequest('graphicsAssets', { signal });
      for (const asset of reply.assets) rememberAssetUrl(asset.key, asset.url);
      return reply.assets;
    },
    // Presigned URLs last 15 minutes: refresh the list well before they expire.
    staleTime: 5 * 60_000,
    refetchInterval: 10 * 60_000,
    retry: false,
  });
}

export function useDeleteAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('graphicsDeleteAsset', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: graphicsKeys.assets }),
  });
}

export function useDesigns() {
  return useQuery({
    queryKey: graphicsKeys.designs,
    queryFn: async ({ signal }) => (await apiRequest('graphicsDesigns', { signal })).designs,
    retry: false,
  });
}

/** One saved design; only asked for when the URL names one. */
export function useSavedDesign(id: string | null) {
  return useQuery({
    queryKey: graphicsKeys.design(id ?? ''),
    queryFn: ({ signal }) => apiRequest('graphicsDesign', { params: { id: id! }, signal }),
    enabled: id !== null,
    // The editor keeps its own working copy; the stored one is read once per open.
    staleTime: Infinity,
    retry: false,
  });
}

/** GET /api/graphics/exports: past exports, newest first, each ZIP presigned again. */
export function useExports() {
  return useQuery({
    queryKey: graphicsKeys.exports,
    queryFn: async ({ signal }) => (await apiRequest('graphicsExports', { signal })).exports,
    // Presigned URLs last 15 minutes: refresh the list well before they expire.
    staleTime: 5 * 60_000,
    refetchInterval: 10 * 60_000,
    retry: false,
  });
}

export function useDeleteExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('graphicsDeleteExport', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: graphicsKeys.exports }),
  });
}
