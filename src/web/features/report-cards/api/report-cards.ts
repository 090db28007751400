import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ClassReportCards,
  ClassReportCardsAnswerSchema,
  type PublishedReportCard,
  PublishedReportCardsAnswerSchema,
  PublishedReportCardsListSchema,
  type ReportCard,
  ReportCardAnswerSchema,
  SavedReportCardsAnswerSchema,
  type SaveReportCardComments,
  type SaveReportCardRemarks,
} from '../../../../shared/api/report-cards.js';
import { apiClient } from '../../../lib/api-client.js';
import { downloadApiFile } from '../../../lib/download.js';

/**
 * The report cards' calls (docs/decisions/0090-report-cards.md). Keys under 'school', so logout
 * drops them with the rest of the school area.
 */

const reportCardsKey = ['school', 'report-cards'] as const;

const classPath = (classId: number, termId: number) => `report-cards/classes/${classId}/terms/${termId}`;

/** `GET report-cards/classes/{classId}/terms/{termId}`: a class's draft cards, for staff. */
export const classCardsQueryOptions = (classId: number, termId: number) =>
  queryOptions({
    queryKey: [...reportCardsKey, 'class', classId, termId] as const,
    queryFn: async ({ signal }): Promise<ClassReportCards> =>
      (await apiClient.get(classPath(classId, termId), { signal, schema: ClassReportCardsAnswerSchema }))
        .data,
  });
/** Asks only once both a class and a term are chosen. */
export const useClassCards = (classId: number | undefined, termId: number | undefined) =>
  useQuery({
    ...classCardsQueryOptions(classId ?? 0, termId ?? 0),
    enabled: classId !== undefined && termId !== undefined,
  });

/** A write to a class's cards; its drafts (and every published list) load again. */
function useClassWrite<Body, Answer>(
  write: (where: { classId: number; termId: number }, body: Body) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, termId, body }: { classId: number; termId: number; body: Body }) =>
      write({ classId, termId }, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportCardsKey }),
  });
}

/** `PUT .../comments`: all or nothing -> how many were saved. */
export const useSaveComments = () =>
  useClassWrite(
    async (where, body: SaveReportCardComments) =>
      (
        await apiClient.put(`${classPath(where.classId, where.termId)}/comments`, body, {
          schema: SavedReportCardsAnswerSchema,
        })
      ).data.saved,
  );

/** `PUT .../remarks`: the principal's remarks, all or nothing. */
export const useSaveRemarks = () =>
  useClassWrite(
    async (where, body: SaveReportCardRemarks) =>
      (
        await apiClient.put(`${classPath(where.classId, where.termId)}/remarks`, body, {
          schema: SavedReportCardsAnswerSchema,
        })
      ).data.saved,
  );

/** `POST .../publish` -> how many cards got a new version, how many were unchanged. */
export const usePublish = () =>
  useClassWrite(
    async (where, _body: undefined) =>
      (
        await apiClient.post(`${classPath(where.classId, where.termId)}/publish`, undefined, {
          schema: PublishedReportCardsAnswerSchema,
        })
      ).data,
  );

/** `GET report-cards`: the published cards of the pupil, or of the parent's children. */
export const myCardsQueryOptions = () =>
  queryOptions({
    queryKey: [...reportCardsKey, 'mine'] as const,
    queryFn: async ({ signal }): Promise<PublishedReportCard[]> =>
      (await apiClient.get('report-cards', { signal, schema: PublishedReportCardsListSchema })).data,
  });
export const useMyCards = () => useQuery(myCardsQueryOptions());

const cardPath = (studentId: number, termId: number) => `report-cards/pupils/${studentId}/terms/${termId}`;

/** `GET report-cards/pupils/{studentId}/terms/{termId}[?version=]`: one published card. */
export const cardQueryOptions = (studentId: number, termId: number, version?: number) =>
  queryOptions({
    queryKey: [...reportCardsKey, 'card', studentId, termId, version ?? 'latest'] as const,
    queryFn: async ({ signal }): Promise<ReportCard> =>
      (
        await apiClient.get(
          version === undefined
            ? cardPath(studentId, termId)
            : `${cardPath(studentId, termId)}?version=${version}`,
          { signal, schema: ReportCardAnswerSchema },
        )
      ).data,
  });
export const useCard = (studentId: number, termId: number, version?: number) =>
  useQuery(cardQueryOptions(studentId, termId, version));

/** The PDF of one published card (the latest version, or `version`). */
export const downloadCard = (studentId: number, termId: number, version: number) =>
  downloadApiFile(
    `${cardPath(studentId, termId)}/card.pdf?version=${version}`,
    `report-card-${studentId}-${termId}-v${version}.pdf`,
  );

/** The principal's PDF of a class's published cards. */
export const downloadClassCards = (classId: number, termId: number) =>
  downloadApiFile(`${classPath(classId, termId)}/cards.pdf`, `report-cards-${classId}-${termId}.pdf`);
