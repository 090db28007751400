import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The dashboards' tile colours (`.dash-tile--<tone>` in accounts.css), cycling so neighbours never share one. */
const TILE_TONES = ['orange', 'teal', 'violet', 'sky', 'green', 'pink', 'sun', 'navy'] as const;

/**
 * One tile of a dashboard (the account's, a child's on the parent's): its icon, the label as a link
 * with the count pill when there is one, and a line about it. The link's name is the label as seen,
 * then the pill ("Notification, 2 new"), the same in every browser.
 */
export function DashTile({
  index,
  icon,
  label,
  to,
  pill,
  blurb,
  Heading = 'h3',
}: {
  /** The tile's place in its list: it picks the colour. */
  index: number;
  icon: ReactNode;
  label: string;
  to: string;
  pill?: string | undefined;
  blurb?: string | undefined;
  Heading?: 'h3' | 'h4';
}) {
  return (
    <li className={`dash-tile dash-tile--${TILE_TONES[index % TILE_TONES.length] ?? 'orange'}`}>
      <span className="dash-tile__icon" aria-hidden="true">
        {icon}
      </span>
      <Heading className="dash-tile__label">
        <Link to={to} className="dash-tile__link" aria-label={pill ? `${label}, ${pill}` : undefined}>
          {label}
          {pill ? (
            <>
              {' '}
              <span className="badge rounded-pill text-bg-danger dash-tile__badge">{pill}</span>
            </>
          ) : null}
        </Link>
      </Heading>
      {blurb ? <p className="dash-tile__blurb">{blurb}</p> : null}
    </li>
  );
}
