import { z } from 'zod';
import { ErrorBodySchema } from '../../shared/api/errors.js';

/** The pieces every school-management route's OpenAPI schema uses. */

/** The tag of the school calls of api.md (and the Ours ones beside them). */
export const SCHOOL_TAGS = ['School'];
/** The tag of the principal's set-up calls. */
export const SET_UP_TAGS = ['School set-up'];
/** Not logged in (401) or a type the route is not for (403). */
export const DENIED = { 401: ErrorBodySchema, 403: ErrorBodySchema };
/** DENIED, a bad request (400) and a record that does not exist or is not the caller's to see (404). */
export const CHECKED = { 400: ErrorBodySchema, ...DENIED, 404: ErrorBodySchema };
/** The answer of a 204. */
export const NO_CONTENT = z.null().describe('No content');
