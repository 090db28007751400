import type { FastifyReply } from 'fastify';
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

/** The type of an answer sent as bytes already made by `serializedAnswer`. */
const JSON_ANSWER = 'application/json; charset=utf-8';

/**
 * The bytes a route would send for `payload` with its status (200 unless set): checked against the
 * route's answer schema and turned to JSON as above, to keep and send again as they are
 * (`reply.type(JSON_ANSWER).send(bytes)`: Fastify sends a buffer unchanged). Kept as UTF-8 bytes,
 * not as a string: a kept string is encoded again at every send, which for a 90 KB admissions
 * board was a third of the server’s time per request (docs/decisions/0112-the-admissions-board-sends-less.md).
 */
export function serializedAnswer(reply: FastifyReply, payload: unknown): Buffer {
  const text: unknown = reply.serialize(payload);
  if (typeof text !== 'string') throw new Error('An answer serializer gave no text');
  return Buffer.from(text, 'utf8');
}

/** Sends bytes made by `serializedAnswer` as they are. */
export function sendSerializedAnswer(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type(JSON_ANSWER).send(bytes);
}
