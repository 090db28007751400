import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  APPLICATION_RULES,
  type ApplicationDraft,
  type ApplicationInput,
  type ApplicationView,
  ApplicationViewSchema,
  DocumentAnswerSchema,
  type DocumentKind,
} from '../../../../shared/api/admission-application.js';
import { type OfferView, OfferViewSchema } from '../../../../shared/api/admissions.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * The calls of the family's admission links (docs/decisions/0102-the-admissions-pipeline.md,
 * docs/decisions/0103-the-application-families-fill-in.md): no session, the link's token in the body
 * (or, for an upload, a header), never in a URL the server logs.
 */

/**
 * A short tag of a token for the query keys: the cache tells links apart, and a failed load's log
 * line (lib/query-client.ts) names the tag, not the key.
 */
export function linkTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16);
}

export const admissionLinkKeys = {
  offer: (token: string) => ['admissions', 'offer', linkTag(token)] as const,
  application: (token: string) => ['admissions', 'application', linkTag(token)] as const,
};

const publicPost = <T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> =>
  apiRequest(path, { method: 'POST', body, withSession: false, schema });

// ---------------------------------------------------------------- the offer

export const offerQuery = (token: string) =>
  queryOptions({
    queryKey: admissionLinkKeys.offer(token),
    queryFn: async (): Promise<OfferView> =>
      (await publicPost('admissions/offer', { token }, OfferViewSchema)).data,
    retry: false,
  });
export const useOffer = (token: string) => useQuery({ ...offerQuery(token), enabled: token !== '' });

export function useReplyToOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: 'accept' | 'decline') =>
      (await publicPost('admissions/offer/reply', { token, answer }, OfferViewSchema)).data,
    onSuccess: (view) => queryClient.setQueryData(admissionLinkKeys.offer(token), view),
    // An offer answered or withdrawn meanwhile: the page shows what became of it.
    onError: () => queryClient.invalidateQueries({ queryKey: admissionLinkKeys.offer(token) }),
  });
}

// ---------------------------------------------------------------- the application

export const applicationQuery = (token: string) =>
  queryOptions({
    queryKey: admissionLinkKeys.application(token),
    queryFn: async (): Promise<ApplicationView> =>
      (await publicPost('admissions/application', { token }, ApplicationViewSchema)).data,
    retry: false,
    // The form holds what the family types; a refetch on focus would not change it, only the lists.
    refetchOnWindowFocus: false,
  });
export const useApplication = (token: string) =>
  useQuery({ ...applicationQuery(token), enabled: token !== '' });

/** A call that answers the application: the page's copy becomes the answer. */
function useApplicationCall<V>(token: string, call: (value: V) => Promise<ApplicationView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => queryClient.setQueryData(admissionLinkKeys.application(token), view),
  });
}

export const useSaveDraft = (token: string) =>
  useApplicationCall(
    token,
    async (draft: ApplicationDraft) =>
      (await publicPost('admissions/application/draft', { token, draft }, ApplicationViewSchema)).data,
  );

export const useSubmitApplication = (token: string) =>
  useApplicationCall(
    token,
    async (application: ApplicationInput) =>
      (await publicPost('admissions/application/submit', { token, application }, ApplicationViewSchema)).data,
  );

export const useRemoveDocument = (token: string) =>
  useApplicationCall(
    token,
    async (documentId: number) =>
      (
        await publicPost(
          'admissions/application/documents/remove',
          { token, documentId },
          ApplicationViewSchema,
        )
      ).data,
  );

export function useUploadDocument(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, file }: { kind: DocumentKind; file: File }) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append(APPLICATION_RULES.documentField, file);
      return (
        await apiRequest('admissions/application/documents', {
          method: 'POST',
          body: form,
          withSession: false,
          headers: { [APPLICATION_RULES.tokenHeader]: token },
          schema: DocumentAnswerSchema,
        })
      ).data;
    },
    onSuccess: (document) =>
      queryClient.setQueryData(admissionLinkKeys.application(token), (view: ApplicationView | undefined) =>
        view ? { ...view, documents: [...view.documents, document] } : view,
      ),
  });
}
