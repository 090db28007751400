import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacters } from '../../shared/rules/plain-text.js';

/**
 * The validator of every route's body, query string, path and headers: first the plain-text rule
 * of shared/rules/plain-text.ts over every string the client sent, then the route's zod schema.
 * Checking here, not field by field in the schemas, means no text field of any route (today's or
 * a later one's) can reach the database with a NUL byte, which PostgreSQL answers with an error.
 *
 * A refusal has the shape of a zod validation error, so the error handler answers it like any
 * other invalid field: 400 VALIDATION_FAILED with one entry per field.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validateSchema = zodValidatorCompiler(route);
  // Headers carry the token and content type, which are checked where they are read.
  if (route.httpPart === 'headers') return validateSchema;
  return (data) => {
    const paths = findControlCharacters(data);
    if (paths.length > 0) {
      return { error: zodLikeIssues(paths.map((path) => ({ path, message: CONTROL_CHARACTER_MESSAGE }))) };
    }
    try {
      return validateSchema(data);
    } catch (error) {
      // Fastify answers a throwing validator with a 500; the one way a client makes a schema
      // throw is nesting deep enough to exhaust the stack, which is the client's mistake.
      if (error instanceof RangeError) {
        return { error: zodLikeIssues([{ path: [], message: 'is nested too deeply' }]) };
      }
      throw error;
    }
  };
};

/** fastify-type-provider-zod marks its issues with this symbol; the error handler looks for it. */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/** Issues as fastify-type-provider-zod reports them (Fastify turns the list into the 400 error). */
function zodLikeIssues(issues: { path: (string | number)[]; message: string }[]) {
  return issues.map(({ path, message }) => ({
    [ZOD_ISSUE]: true,
    keyword: 'custom',
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/custom`,
    message,
    params: {},
  }));
}
