import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { settleWithin } from '../query-client.js';
import { getSessionToken } from '../session.js';
import { parseId } from './format.js';

/**
 * A school screen's route loader: starts its calls through the app's query client and lets the
 * screen render once they are in or LOADER_WAIT_MS passed. It never throws (a failed call shows in
 * the screen with Retry) and asks nothing without a session: the parent's guard is sending the
 * visitor to /login then.
 */
export const schoolLoader =
  (prefetch: (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>[]) =>
  (queryClient: QueryClient) =>
  async (args: LoaderFunctionArgs): Promise<null> => {
    if (getSessionToken() === undefined) return null;
    await settleWithin(prefetch(queryClient, args));
    return null;
  };

/**
 * schoolLoader for a screen of one record (`/…/:id`): `prefetch` starts the calls of that id; an id
 * that is not one asks nothing (the screen says it is not found).
 */
export const recordLoader = (prefetch: (queryClient: QueryClient, id: number) => Promise<unknown>[]) =>
  schoolLoader((queryClient, { params }) => {
    const id = parseId(params.id);
    return id === undefined ? [] : prefetch(queryClient, id);
  });
