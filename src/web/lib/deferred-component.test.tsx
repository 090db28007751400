import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferredComponent, preloadDeferredComponents } from './deferred-component.js';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('deferredComponent', () => {
  it('renders on the server once preloaded, without the fallback', async () => {
    let loads = 0;
    const Deferred = deferredComponent(async () => {
      loads += 1;
      return Greeting;
    });
    await preloadDeferredComponents();
    const html = renderToString(
      <Suspense fallback={<p>Loading</p>}>
        <Deferred name="Ana" />
      </Suspense>,
    );
    expect(html).toContain('Hello <!-- -->Ana');
    expect(html).not.toContain('Loading');
    await Deferred.preload();
    expect(loads).toBe(1);
  });

  it('in the browser, waits in its Suspense boundary until its code has arrived', async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const Deferred = deferredComponent(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Deferred name="Ben" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    arrive(Greeting);
    expect(await screen.findByText('Hello Ben')).toBeInTheDocument();
  });
});
