import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunction, useParams } from 'react-router';
import { studentProfileQueryOptions } from '../../../features/accounts/api/get-student-profile.js';
import {
  StudentProfile,
  StudentProfileNotFound,
} from '../../../features/accounts/components/ProfileScreen.js';
import { parseId, prefetchWithSession } from '../../../features/accounts/lib/prefetch.js';
import { currentUserQueryOptions } from '../../../lib/current-user.js';

export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  ({ params }) => {
    const id = parseId(params.id);
    return prefetchWithSession(() => [
      queryClient.ensureQueryData(currentUserQueryOptions()),
      ...(id === undefined ? [] : [queryClient.ensureQueryData(studentProfileQueryOptions(id))]),
    ]);
  };

/** /student-profile/:id (docs/contract/product.md#school-screens): a pupil's profile. */
export default function StudentProfileRoute() {
  const id = parseId(useParams().id);
  return id === undefined ? <StudentProfileNotFound /> : <StudentProfile key={id} id={id} />;
}
