import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { Icon, type IconName } from '../ui/Icon.js';
import { PlaceholderLink } from '../ui/PlaceholderLink.js';

const SOCIAL_LINKS: readonly { label: string; icon: IconName }[] = [
  { label: 'Twitter', icon: 'twitter-x' },
  { label: 'Facebook', icon: 'facebook' },
  { label: 'LinkedIn', icon: 'linkedin' },
  { label: 'Instagram', icon: 'instagram' },
];

/** Spec 2.3: all six are non-functional '#' links. */
const QUICK_LINKS = ['Home', 'About Us', 'Our Classes', 'Our Teachers', 'Our Blog', 'Contact Us'] as const;

export interface FooterProps {
  /** The newsletter form (a feature; the footer only gives it its place). */
  newsletter: ReactNode;
}

/** The site footer (spec 2.3): brand, social icons, Get In Touch, Quick Links, Newsletter. */
export function Footer({ newsletter }: FooterProps) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row gx-4 gx-lg-5 gy-5">
          <div className="col-md-6 col-lg-3">
            <Link to={paths.home} className="site-footer__brand">
              <span className="site-brand__icon" aria-hidden="true">
                <Icon name="balloon-heart-fill" />
              </span>
              Schoolyard
            </Link>
            <p className="site-footer__about">
              A happy, caring place where little ones learn through play, music, stories and friendship, one
              sunny day at a time.
            </p>
            <ul className="site-footer__social">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.icon}>
                  <PlaceholderLink className="site-footer__social-link" aria-label={link.label}>
                    <Icon name={link.icon} />
                  </PlaceholderLink>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-md-6 col-lg-3">
            <h2 className="site-footer__heading">Get In Touch</h2>
            <ul className="site-footer__contact">
              <li>
                <Icon name="geo-alt" className="site-footer__contact-icon" />
                <span>
                  <span className="visually-hidden">Address: </span>123 Sunny Lane, Maple Town
                </span>
              </li>
              <li>
                <Icon name="envelope" className="site-footer__contact-icon" />
                <span>
                  <span className="visually-hidden">Email: </span>hello@schoolyard.example
                </span>
              </li>
              <li>
                <Icon name="telephone" className="site-footer__contact-icon" />
                <span>
                  <span className="visually-hidden">Phone: </span>+1 555 0100 200
                </span>
              </li>
            </ul>
          </div>
          <div className="col-md-6 col-lg-2">
            <h2 className="site-footer__heading">Quick Links</h2>
            <ul className="site-footer__links">
              {QUICK_LINKS.map((label) => (
                <li key={label}>
                  <PlaceholderLink>{label}</PlaceholderLink>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-md-6 col-lg-4">
            <h2 className="site-footer__heading">Newsletter</h2>
            <div className="site-footer__newsletter">{newsletter}</div>
          </div>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p className="mb-0">© {year} Schoolyard. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
