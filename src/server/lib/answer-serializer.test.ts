import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler } from './answer-serializer.js';

const AnswerSchema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });
const serialize = answerSerializerCompiler({ schema: AnswerSchema, method: 'GET', url: '/api/things' });

describe('answer serializer', () => {
  it('sends only the fields the schema names', () => {
    const row = { id: 1, name: 'Ada', password_hash: 'secret' };
    expect(JSON.parse(serialize({ data: [row] }))).toEqual({ data: [{ id: 1, name: 'Ada' }] });
  });

  it('refuses an answer that does not match its schema, naming the route', () => {
    let thrown: unknown;
    try {
      serialize({ data: [{ id: 'one', name: 'Ada' }] });
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ method: 'GET', url: '/api/things', statusCode: 500 });
  });

  it('takes a schema given as { properties }', () => {
    const wrapped = answerSerializerCompiler({
      schema: { properties: AnswerSchema },
      method: 'GET',
      url: '/api/things',
    });
    expect(wrapped({ data: [] })).toBe('{"data":[]}');
  });
});
