/**
 * The console's site-content calls: the FAQ, CMS pages and content collections under `/api/admin`,
 * and image uploads. Changes put the server's answer into the query cache, so lists show the stored
 * order and values without a second request.
 */
import type {
  AdminAwardCategory,
  AdminCmsPage,
  AwardCategoryInput,
  AdminContentItem,
  AdminFaqItem,
  CmsPageInput,
  ContentCollection,
  ContentItemValues,
  FaqItemInput,
  UploadedImage,
} from '@festival/shared';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import {
  ADMIN_QUERY_ROOT,
  adminQueryOptions,
  adminSend,
  useAdminMutation,
  useAdminQuery,
} from '~/lib/console/admin-client';

export const FAQ_PATH = '/faq';
export const PAGES_PATH = '/pages';
export const collectionPath = (collection: ContentCollection) => `/content/${collection}`;

export const useAdminFaq = () => useAdminQuery(adminQueryOptions<AdminFaqItem[]>(FAQ_PATH));
export const useAdminPages = () => useAdminQuery(adminQueryOptions<AdminCmsPage[]>(PAGES_PATH));
export const useAdminPage = (id: number) =>
  useAdminQuery(adminQueryOptions<AdminCmsPage>(`${PAGES_PATH}/${id}`));
export const useAdminCollection = (collection: ContentCollection) =>
  useAdminQuery(adminQueryOptions<AdminContentItem[]>(collectionPath(collection)));

/** An entry of an ordered console list: FAQ entries and collection entries alike. */
export interface ListEntry {
  id: number;
  visible: boolean;
}

/**
 * Changes of one ordered list at `path` (`/faq` or `/content/{collection}`): save (add or
 * edit), show/hide and reorder, each updating the cached list from the answer.
 */
export function useListChanges<T extends ListEntry, I extends object>(path: string) {
  const queryClient = useQueryClient();
  const key = [ADMIN_QUERY_ROOT, path];
  const replaceOne = (item: T) =>
    queryClient.setQueryData<T[]>(key, (list) =>
      list?.some((row) => row.id === item.id)
        ? list.map((row) => (row.id === item.id ? item : row))
        : [...(list ?? []), item],
    );
  const save = useAdminMutation<T, { id: number | null; input: I }>({
    mutationFn: ({ id, input }) =>
      id === null ? adminSend<T>(path, 'POST', input) : adminSend<T>(`${path}/${id}`, 'PUT', input),
    onSuccess: replaceOne,
  });
  const setVisible = useAdminMutation<T, { id: number; visible: boolean }>({
    mutationFn: ({ id, visible }) => adminSend<T>(`${path}/${id}/visibility`, 'PUT', { visible }),
    onSuccess: replaceOne,
  });
  const reorder = useAdminMutation<T[], number[]>({
    mutationFn: (ids) => adminSend<T[]>(`${path}/order`, 'PUT', { ids }),
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });
  const remove = useAdminMutation<null, number>({
    mutationFn: (id) => adminSend<null>(`${path}/${id}`, 'DELETE'),
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<T[]>(key, (list) => list?.filter((row) => row.id !== id)),
  });
  return { save, setVisible, reorder, remove };
}

export const useFaqChanges = () => useListChanges<AdminFaqItem, FaqItemInput>(FAQ_PATH);
export const useCollectionChanges = (collection: ContentCollection) =>
  useListChanges<AdminContentItem, ContentItemValues>(collectionPath(collection));

/** Saves a page (or adds a nominee page when `id` is null); the answer holds the HTML as stored. */
export function usePageSave() {
  const queryClient = useQueryClient();
  return useAdminMutation<AdminCmsPage, { id: number | null; input: CmsPageInput }>({
    mutationFn: ({ id, input }) =>
      id === null
        ? adminSend<AdminCmsPage>(PAGES_PATH, 'POST', input)
        : adminSend<AdminCmsPage>(`${PAGES_PATH}/${id}`, 'PUT', input),
    onSuccess: (page) => {
      queryClient.setQueryData([ADMIN_QUERY_ROOT, `${PAGES_PATH}/${page.id}`], page);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PAGES_PATH], exact: true });
    },
  });
}

/**
 * Uploads an image (multipart, field `image`); the server re-encodes it and answers its URL and size.
 * @throws ApiError 413 too large, 415 not a JPEG, PNG or WebP image.
 */
export async function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file);
  const { data } = await apiRequest<UploadedImage>('/admin/content/images', { method: 'POST', body });
  return data;
}

export const useImageUpload = () => useAdminMutation<UploadedImage, File>({ mutationFn: uploadImage });

export const AWARD_CATEGORIES_PATH = '/award-categories';

/** The current edition's award categories in order, with nominee pages and votes counted. */
export const useAwardCategories = () =>
  useAdminQuery(adminQueryOptions<AdminAwardCategory[]>(AWARD_CATEGORIES_PATH));

/**
 * Changes of the award categories: add or rename, reorder, delete (an empty one). Each answer
 * updates the cached list; the nominee pages, which name their category, are read again.
 */
export function useAwardCategoryChanges() {
  const queryClient = useQueryClient();
  const key = [ADMIN_QUERY_ROOT, AWARD_CATEGORIES_PATH];
  const refreshPages = () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, PAGES_PATH] });
  const save = useAdminMutation<AdminAwardCategory, { id: number | null; input: AwardCategoryInput }>({
    mutationFn: ({ id, input }) =>
      id === null
        ? adminSend<AdminAwardCategory>(AWARD_CATEGORIES_PATH, 'POST', input)
        : adminSend<AdminAwardCategory>(`${AWARD_CATEGORIES_PATH}/${id}`, 'PUT', input),
    onSuccess: (category) => {
      queryClient.setQueryData<AdminAwardCategory[]>(key, (list) =>
        list?.some((row) => row.id === category.id)
          ? list.map((row) => (row.id === category.id ? category : row))
          : [...(list ?? []), category],
      );
      void refreshPages();
    },
  });
  const reorder = useAdminMutation<AdminAwardCategory[], number[]>({
    mutationFn: (ids) => adminSend<AdminAwardCategory[]>(`${AWARD_CATEGORIES_PATH}/order`, 'PUT', { ids }),
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });
  const remove = useAdminMutation<null, number>({
    mutationFn: (id) => adminSend<null>(`${AWARD_CATEGORIES_PATH}/${id}`, 'DELETE'),
    onSuccess: (_nothing, id) =>
      queryClient.setQueryData<AdminAwardCategory[]>(key, (list) => list?.filter((row) => row.id !== id)),
  });
  return { save, reorder, remove };
}
