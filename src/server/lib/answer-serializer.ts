import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

type AnswerSchema = $ZodType | { properties: $ZodType };

/**
 * Every answer is checked against its zod schema before it is sent, so a field the schema does not
 * name never leaves the server. fastify-type-provider-zod checks with `encode`, five to seven times
 * slower than `parse` (some 60 µs for a class's attendance report) and different from it only for
 * codecs, which no answer schema uses (a codec in an answer would make every call of its route fail
 * its tests). So: parse, then JSON.
 */
export const answerSerializerCompiler = ({
  schema,
  method,
  url,
}: {
  schema: AnswerSchema;
  method: string;
  url: string;
}) => {
  const zodSchema = schema instanceof $ZodType ? schema : schema.properties;
  return (data: unknown): string => {
    const result = safeParse(zodSchema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
