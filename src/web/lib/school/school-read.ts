import { type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../api-client.js';

/**
 * A read of the school area, made of what differs between them: the query key it is kept under, the
 * `GET` path, the schema its answer must meet and how the answer becomes the screen's own names.
 * Gives, in this order, the call itself, the options a route loader prefetches and the screen's hook
 * (`const [getClasses, classesQueryOptions, useClasses] = schoolRead(...)`).
 */
function makeRead<Params extends unknown[], Answer, T, Key extends QueryKey>(
  key: (...params: Params) => Key,
  path: (...params: Params) => string,
  schema: z.ZodType<Answer>,
  read: (answer: Answer) => T,
) {
  const get = async (params: Params, signal?: AbortSignal): Promise<T> =>
    read(await apiClient.get(path(...params), { signal, schema }));
  const options = (...params: Params) =>
    queryOptions({ queryKey: key(...params), queryFn: ({ signal }) => get(params, signal) });
  return { get, options, use: (...params: Params) => useQuery(options(...params)) };
}

/** A read that needs nothing but the session: `GET path`. */
export function schoolRead<Answer, T, Key extends QueryKey>(
  key: () => Key,
  path: string,
  schema: z.ZodType<Answer>,
  read: (answer: Answer) => T,
) {
  const { get, options, use } = makeRead(key, () => path, schema, read);
  return [(signal?: AbortSignal) => get([], signal), options, use] as const;
}

/** A read of one record's (a class's, a pupil's): the key and the path are made from its id. */
export function schoolReadOf<Answer, T, Key extends QueryKey>(
  key: (id: number) => Key,
  path: (id: number) => string,
  schema: z.ZodType<Answer>,
  read: (answer: Answer) => T,
) {
  const { get, options, use } = makeRead(key, path, schema, read);
  return [(id: number, signal?: AbortSignal) => get([id], signal), options, use] as const;
}

/**
 * A read of a record in one term (a pupil's marks): the key and the path are made from the id and
 * the term (null: every term). The hook waits while the term is not known yet (`undefined`).
 */
export function termReadOf<Answer, T, Key extends QueryKey>(
  key: (id: number, termId: number | null) => Key,
  path: (id: number, termId: number | null) => string,
  schema: z.ZodType<Answer>,
  read: (answer: Answer) => T,
) {
  const { get, options } = makeRead(key, path, schema, read);
  const use = (id: number, termId: number | null | undefined) =>
    useQuery({ ...options(id, termId ?? null), enabled: termId !== undefined });
  return [
    (id: number, termId: number | null, signal?: AbortSignal) => get([id, termId], signal),
    options,
    use,
  ] as const;
}

/** termReadOf for a read of no record (the caller's own marks): made from the term alone. */
export function termRead<Answer, T, Key extends QueryKey>(
  key: (termId: number | null) => Key,
  path: (termId: number | null) => string,
  schema: z.ZodType<Answer>,
  read: (answer: Answer) => T,
) {
  const { get, options } = makeRead(key, path, schema, read);
  const use = (termId: number | null | undefined) =>
    useQuery({ ...options(termId ?? null), enabled: termId !== undefined });
  return [(termId: number | null, signal?: AbortSignal) => get([termId], signal), options, use] as const;
}

/** `?termId=` for a term, nothing for every term. */
export const termQuery = (termId: number | null): string => (termId === null ? '' : `?termId=${termId}`);

/**
 * A read of a class's day (its attendance, its register): the key and the path are made from the
 * class and the date. The hook loads once both are chosen and always asks again when the screen
 * opens: what was saved, and who came and went, must be what is shown.
 */
export function classDayRead<Answer, T, Key extends QueryKey>(
  key: (classId: number, date: string) => Key,
  path: (classId: number, date: string) => string,
  schema: z.ZodType<Answer>,
  read: (answer: Answer) => T,
) {
  const { get, options } = makeRead(key, path, schema, read);
  const use = (classId: number | undefined, date: string) =>
    useQuery({ ...options(classId ?? 0, date), enabled: classId !== undefined && date !== '', staleTime: 0 });
  return [
    (classId: number, date: string, signal?: AbortSignal) => get([classId, date], signal),
    options,
    use,
  ] as const;
}
