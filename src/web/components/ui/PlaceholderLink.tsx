import type { MouseEvent, ReactNode } from 'react';

export interface PlaceholderLinkProps {
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}

const stay = (event: MouseEvent<HTMLAnchorElement>): void => event.preventDefault();

/**
 * A link the product keeps non-functional (docs/contract/product.md#footer) (`#`: the footer's quick links
 * and social icons). Using it neither scrolls the page nor adds a history entry. Swap it for a real link once
 * a target exists.
 */
export function PlaceholderLink({ children, className, 'aria-label': ariaLabel }: PlaceholderLinkProps) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: docs/contract/product.md#footer makes these '#' links on purpose.
    <a href="#" className={className} aria-label={ariaLabel} onClick={stay}>
      {children}
    </a>
  );
}
