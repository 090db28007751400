import type { ComponentType } from 'react';

/** Every deferred component's loader, so the server (and the tests) can load them all before rendering. */
const loaders: (() => Promise<unknown>)[] = [];

/**
 * A component whose code is not in the page's first load (docs/decisions/0031-first-load-javascript.md).
 * The server loads it before rendering (preloadDeferredComponents), so its HTML is in the page. In the
 * browser, until its chunk has arrived, it suspends (it throws the loading promise, as React.lazy
 * does): inside a <Suspense> boundary, a hydrating page keeps the server's markup meanwhile and
 * hydrates it afterwards, without a mismatch. Unlike React.lazy, a component already loaded renders at
 * once, so the server never renders the fallback.
 */
export function deferredComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload: () => Promise<ComponentType<Props>> } {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  loaders.push(preload);
  function Deferred(props: Props) {
    if (!loaded) throw preload();
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  return Object.assign(Deferred, { preload });
}

/** Server rendering (entry-server.tsx): every deferred component is loaded before the first page. */
export async function preloadDeferredComponents(): Promise<void> {
  await Promise.all(loaders.map((preload) => preload()));
}
