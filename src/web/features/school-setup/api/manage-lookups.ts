import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NamedAnswerSchema, TimeSlotAdminAnswerSchema } from '../../../../shared/api/school-admin.js';
import { apiClient } from '../../../lib/api-client.js';
import { schoolKeys } from '../../../lib/school/query-keys.js';

/** The principal's lists: classes, subjects and time slots. */
export type LookupKind = 'classes' | 'subjects' | 'time-slots';

const bodyOf = (kind: LookupKind, label: string) => (kind === 'time-slots' ? { label } : { name: label });

/** `POST admin/{kind}` with `{ name }` (time slots: `{ label }`) -> `201 { data: row }`; 409 NAME_TAKEN. */
export async function createLookup(kind: LookupKind, label: string): Promise<void> {
  if (kind === 'time-slots') {
    await apiClient.post(`admin/${kind}`, bodyOf(kind, label), { schema: TimeSlotAdminAnswerSchema });
  } else {
    await apiClient.post(`admin/${kind}`, bodyOf(kind, label), { schema: NamedAnswerSchema });
  }
}

/** `PATCH admin/{kind}/{id}` with the new name -> `{ data: row }`; 409 NAME_TAKEN. */
export async function renameLookup(kind: LookupKind, id: number, label: string): Promise<void> {
  if (kind === 'time-slots') {
    await apiClient.patch(`admin/${kind}/${id}`, bodyOf(kind, label), { schema: TimeSlotAdminAnswerSchema });
  } else {
    await apiClient.patch(`admin/${kind}/${id}`, bodyOf(kind, label), { schema: NamedAnswerSchema });
  }
}

/** `DELETE admin/{kind}/{id}` -> 204; 409 IN_USE while anything refers to it. */
export async function deleteLookup(kind: LookupKind, id: number): Promise<void> {
  await apiClient.delete(`admin/${kind}/${id}`);
}

export type LookupChange =
  | { action: 'create'; label: string }
  | { action: 'rename'; id: number; label: string }
  | { action: 'delete'; id: number };

/** One change to a list; everything of the school area loads again (lists, timetables, classes). */
export function useChangeLookup(kind: LookupKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LookupChange) => {
      if (change.action === 'create') return createLookup(kind, change.label);
      if (change.action === 'rename') return renameLookup(kind, change.id, change.label);
      return deleteLookup(kind, change.id);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolKeys.all }),
  });
}
