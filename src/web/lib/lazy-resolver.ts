import type { FieldValues, Resolver } from 'react-hook-form';
import { needsEnglishSentences } from './english-sentence-reader.js';

/** A form's resolver whose code loads on first use, and can be asked to load sooner. */
export type LazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues> = Resolver<
  TFieldValues,
  TContext,
  TTransformedValues
> & {
  /** Starts loading the resolver (when the visitor first focuses the form), so a send does not wait. */
  preload: () => void;
};

/**
 * A resolver that loads the real one (the form's zod schema with `zodResolver`) the first time it
 * checks, so a public page's first JavaScript holds no validation library
 * (docs/decisions/0035-lean-public-pages.md). The checks are the server's schema as before; only when
 * its code arrives changes. A failed load is tried again on the next check.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  // The schema's sentences in the page's language come with its checks (lib/english-sentences.ts);
  // without them (a failed load) the checks still answer, in English.
  // Imported only on a page that needs them: an English page loads none of it.
  const sentences = (): Promise<void> =>
    needsEnglishSentences(document.documentElement.lang)
      ? import('./english-sentences.js')
          .then((module) => module.loadEnglishSentences())
          .catch(() => undefined)
      : Promise.resolve();
  const resolver: Resolver<TFieldValues, TContext, TTransformedValues> = async (values, context, options) => {
    const [real] = await Promise.all([loaded(), sentences()]);
    return real(values, context, options);
  };
  return Object.assign(resolver, {
    preload: () => {
      // A preload that fails is retried by the next check, which reports its own failure.
      loaded().catch(() => undefined);
      void sentences();
    },
  });
}
