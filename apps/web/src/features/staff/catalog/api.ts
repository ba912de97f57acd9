import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCatalogImage,
  CatalogImageKind,
  TConsoleGame,
  TConsoleGameUpdate,
  TConsolePrice,
  TConsolePriceCreate,
  TConsolePriceUpdate,
  TConsoleProject,
  TConsoleProjectCreate,
  TConsoleProjectDetail,
  TConsoleProjectUpdate,
} from '@portal/contracts/catalog-console';
import { staffApi } from '../staff-paths';
import { jsonInit, staffData } from '../api/staff-request';
import { staffKeys } from '../api/keys';

/** GET /api/staff/catalog/projects: every project in catalogue order. */
export const catalogProjectsQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.catalog(),
    queryFn: ({ signal }) => staffData<TConsoleProject[]>(staffApi.catalogProjects(), { signal }),
    staleTime: 0,
  });

export const useCatalogProjects = () => useQuery(catalogProjectsQueryOptions());

/** GET /api/staff/catalog/projects/{project}: the project, its game record and every price. */
export const catalogProjectQueryOptions = (project: string) =>
  queryOptions({
    queryKey: staffKeys.catalogProject(project),
    queryFn: ({ signal }) => staffData<TConsoleProjectDetail>(staffApi.catalogProject(project), { signal }),
    staleTime: 0,
    // An editor's copy is never replaced behind its back: it refreshes on load and after saves only.
    refetchOnWindowFocus: false,
  });

export const useCatalogProject = (project: string) => useQuery(catalogProjectQueryOptions(project));

/** Writes a saved part of a project into the cached detail, so every section sees the new version. */
function usePatchDetail() {
  const queryClient = useQueryClient();
  return (project: string, patch: (detail: TConsoleProjectDetail) => TConsoleProjectDetail) => {
    queryClient.setQueryData<TConsoleProjectDetail>(staffKeys.catalogProject(project), (detail) => detail && patch(detail));
    void queryClient.invalidateQueries({ queryKey: staffKeys.catalog(), exact: true });
  };
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TConsoleProjectCreate) => staffData<TConsoleProject>(staffApi.catalogProjects(), jsonInit('POST', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.catalog(), exact: true }),
  });
}

export function useSaveProject(project: string) {
  const patchDetail = usePatchDetail();
  return useMutation({
    mutationFn: (update: TConsoleProjectUpdate) => staffData<TConsoleProject>(staffApi.catalogProject(project), jsonInit('PATCH', update)),
    onSuccess: (saved) => patchDetail(project, (detail) => ({ ...detail, project: saved })),
  });
}

export function useSaveGame(project: string) {
  const patchDetail = usePatchDetail();
  return useMutation({
    mutationFn: (update: TConsoleGameUpdate) => staffData<TConsoleGame>(staffApi.catalogGame(project), jsonInit('PATCH', update)),
    onSuccess: (saved) => patchDetail(project, (detail) => ({ ...detail, game: saved })),
  });
}

const withPrice = (list: TConsolePrice[], price: TConsolePrice) =>
  list.some((item) => item.id === price.id) ? list.map((item) => (item.id === price.id ? price : item)) : [...list, price];

export function useCreatePrice(project: string) {
  const patchDetail = usePatchDetail();
  return useMutation({
    mutationFn: (input: TConsolePriceCreate) => staffData<TConsolePrice>(staffApi.catalogPrices(project), jsonInit('POST', input)),
    onSuccess: (saved) => patchDetail(project, (detail) => ({ ...detail, prices: withPrice(detail.prices, saved) })),
  });
}

export function useSavePrice(project: string) {
  const patchDetail = usePatchDetail();
  return useMutation({
    mutationFn: ({ id, ...update }: TConsolePriceUpdate & { id: string }) =>
      staffData<TConsolePrice>(staffApi.catalogPrice(id), jsonInit('PATCH', update)),
    onSuccess: (saved) => patchDetail(project, (detail) => ({ ...detail, prices: withPrice(detail.prices, saved) })),
  });
}

/**
 * POST /api/staff/catalog/images (multipart field `image`): the stored image's name and
 * address. With a `kind` the server checks its pixel size against where it is shown.
 */
export const uploadCatalogImage = (file: File, kind?: CatalogImageKind) => {
  const body = new FormData();
  body.append('image', file);
  return staffData<TCatalogImage>(staffApi.catalogImages(kind), { method: 'POST', body });
};
