import type { ReactNode } from 'react';
import {
  type SchoolSettings,
  type SocialNetwork,
  setSocialLinks,
  telHref,
} from '../../../shared/school-settings.js';
import { type MessageKey, useI18n } from '../../lib/i18n.js';
import { todayInZone } from '../../lib/school-time.js';
import { Icon, type IconName } from '../ui/Icon.js';
import { PlaceholderLink } from '../ui/PlaceholderLink.js';
import { LanguageLinks } from './LanguageSwitch.js';
import { SchoolBrand } from './SchoolBrand.js';
import { useSchool } from './school.js';

const SOCIAL_ICONS: Readonly<Record<SocialNetwork, IconName>> = {
  twitter: 'twitter-x',
  facebook: 'facebook',
  linkedin: 'linkedin',
  instagram: 'instagram',
};

/** docs/contract/product.md#footer: all six are non-functional '#' links. */
const QUICK_LINKS = [
  'layout.footer.quick.home',
  'layout.footer.quick.aboutUs',
  'layout.footer.quick.ourClasses',
  'layout.footer.quick.ourTeachers',
  'layout.footer.quick.ourBlog',
  'layout.footer.quick.contactUs',
] as const satisfies readonly MessageKey[];

export interface FooterProps {
  /** The newsletter form (a feature; the footer only gives it its place). */
  newsletter: ReactNode;
}

/** This year where the school is (its time zone, the one date rule), for the © line. */
export const yearIn = (timeZone: string | undefined, now: Date = new Date()): string =>
  todayInZone(timeZone, now).slice(0, 4);

/** `© 2026 Sunny Meadows Kids School. All rights reserved.` (the footer text after the name). */
function copyrightLine(settings: SchoolSettings): string {
  const name = /[.!?]$/.test(settings.name) ? settings.name : `${settings.name}.`;
  return [`© ${yearIn(settings.timeZone)}`, name, settings.footerText].filter(Boolean).join(' ');
}

/**
 * The site footer (docs/contract/product.md#footer): brand, social icons, Get In Touch, Quick Links,
 * Newsletter. The school's part comes from its settings: the brand and short description, the social links
 * that are set (real links, opened in a new tab), the address, email and phone that are set, and the © line
 * with the school's name and footer text. Until the settings are known those parts stay empty.
 */
export function Footer({ newsletter }: FooterProps) {
  const { t } = useI18n();
  const { settings } = useSchool();
  const social = settings ? setSocialLinks(settings.socialLinks) : [];
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row gx-4 gx-lg-5 gy-5">
          <div className="col-md-6 col-lg-3">
            <SchoolBrand className="site-footer__brand" />
            {settings?.description ? (
              <p className="site-footer__about" dir="auto">
                {settings.description}
              </p>
            ) : null}
            {social.length > 0 ? (
              <ul className="site-footer__social">
                {social.map((link) => (
                  <li key={link.network}>
                    <a
                      href={link.url}
                      className="site-footer__social-link"
                      aria-label={t('layout.footer.opensInNewTab', { network: link.label })}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <Icon name={SOCIAL_ICONS[link.network]} />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="col-md-6 col-lg-3">
            <h2 className="site-footer__heading">{t('layout.footer.getInTouch')}</h2>
            <ul className="site-footer__contact">
              {settings?.address ? (
                <li>
                  <Icon name="geo-alt" className="site-footer__contact-icon" />
                  <span>
                    <span className="visually-hidden">{t('layout.footer.address')}</span>
                    {/* The school's own words keep their direction in a page of the other one (bdi). */}
                    <bdi>{settings.address}</bdi>
                  </span>
                </li>
              ) : null}
              {settings?.email ? (
                <li>
                  <Icon name="envelope" className="site-footer__contact-icon" />
                  <span>
                    <span className="visually-hidden">{t('layout.footer.email')}</span>
                    <a href={`mailto:${settings.email}`} dir="ltr">
                      {settings.email}
                    </a>
                  </span>
                </li>
              ) : null}
              {settings?.phone ? (
                <li>
                  <Icon name="telephone" className="site-footer__contact-icon" />
                  <span>
                    <span className="visually-hidden">{t('layout.footer.phone')}</span>
                    {/* A phone number reads left to right in every language ("+1 555", not "555 +1"). */}
                    <a href={telHref(settings.phone)} dir="ltr">
                      {settings.phone}
                    </a>
                  </span>
                </li>
              ) : null}
            </ul>
          </div>
          <div className="col-md-6 col-lg-2">
            <h2 className="site-footer__heading">{t('layout.footer.quickLinks')}</h2>
            <ul className="site-footer__links">
              {QUICK_LINKS.map((label) => (
                <li key={label}>
                  <PlaceholderLink>{t(label)}</PlaceholderLink>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-md-6 col-lg-4">
            <h2 className="site-footer__heading">{t('layout.footer.newsletter')}</h2>
            <div className="site-footer__newsletter">{newsletter}</div>
          </div>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <LanguageLinks />
          <p className="mb-0" dir="auto">
            {settings ? copyrightLine(settings) : null}
          </p>
        </div>
      </div>
    </footer>
  );
}
