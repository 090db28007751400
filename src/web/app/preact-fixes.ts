import { options, type VNode } from 'preact';

/*
 * Where Preact's React compatibility layer, which runs the built app (docs/decisions/0035-lean-public-pages.md),
 * does not do what React does, mended once, here. Loaded first by main.tsx and entry-server.tsx; under
 * React itself (the dev server, the component tests) Preact renders nothing, so this does nothing there.
 *
 * `maxLength` taken away (a public form's browser checks once its script runs, forms/public-form.tsx):
 * React removes the attribute; Preact sets the property to '' instead, which the browser reads as a
 * length of 0, and the field takes no typing. Given as the attribute name, Preact removes it as React
 * does.
 */
const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === 'string' && props && 'maxLength' in props) {
    const { maxLength, ...rest } = props;
    vnode.props = { ...rest, maxlength: maxLength } as unknown as typeof vnode.props;
  }
  previousVNodeHook?.(vnode);
};
