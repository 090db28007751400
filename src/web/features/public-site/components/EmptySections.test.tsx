import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockContent, renderSection } from '../testing/render-section.js';
import { AboutSection } from './AboutSection.js';
import { BlogSection } from './BlogSection.js';
import { ClassesSection } from './ClassesSection.js';
import { EmptyPageNote } from './EmptyPageNote.js';
import { FacilitiesSection } from './FacilitiesSection.js';
import { GallerySection } from './GallerySection.js';
import { TeachersSection } from './TeachersSection.js';
import { TestimonialsSection } from './TestimonialsSection.js';

/**
 * docs/decisions/0053-a-starter-site-for-a-real-school.md in the browser's app: a section whose
 * content has loaded empty is not drawn (no heading, no frame); a page with none of its sections
 * says so. starter-site.pages.test.ts checks the same pages rendered on the server.
 */
const EMPTY = {
  facilities: [],
  about: [],
  class: [{ id: 1, heading1: 'Our Classes', heading2: 'Classes', images: [] }],
  kidsclasses: [],
  teacher: [],
  comments: [],
  blog: [],
  gallery: [{ id: 2, heading1: 'Our Gallery', heading2: 'Life at school', images: [] }],
};

describe('public sections without content', () => {
  it('draw nothing once their content has loaded empty, headings included', async () => {
    const { callsTo } = mockContent({ content: EMPTY });
    const { container } = renderSection(
      <>
        <FacilitiesSection />
        <AboutSection learnMoreTo="/about" />
        <ClassesSection />
        <TeachersSection />
        <TestimonialsSection />
        <BlogSection />
        <GallerySection />
        <EmptyPageNote collections={['teacher', 'comments']} text="public-site.emptyPage.teachers" />
      </>,
    );
    expect(await screen.findByText(/^Our teachers will be introduced here soon\./)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('section.section-pad:not(.empty-page)')].map((s) => s.className),
      ).toEqual([]),
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(callsTo('gallery')).toBe(1);
  });

  it('draw themselves, and the page’s sentence goes, as soon as they have content', async () => {
    mockContent();
    renderSection(
      <>
        <TeachersSection />
        <EmptyPageNote collections={['teacher', 'comments']} text="public-site.emptyPage.teachers" />
      </>,
    );
    expect(await screen.findByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.queryByText(/^Our teachers will be introduced here soon\./)).toBeNull();
  });

  it('about without its second picture or check-list leaves no empty frame', async () => {
    mockContent({
      content: {
        about: [
          { id: 1, heading1: '', heading2: '', heading3: '', discription: '', learn_more: '', images: [] },
          {
            id: 2,
            heading1: 'About Us',
            heading2: 'About Riverside Primary',
            heading3: '',
            discription: 'Our story, soon.',
            learn_more: '',
            images: [{ image: 'starter/books-and-crayons.webp', alt: 'Drawing of books' }],
          },
        ],
      },
    });
    const { container } = renderSection(<AboutSection learnMoreTo="/about" />);
    expect(await screen.findByRole('heading', { name: 'About Riverside Primary' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Drawing of books' })).toBeInTheDocument();
    expect(container.querySelector('.content-img--empty')).toBeNull();
    expect(container.querySelector('.checklist')).toBeNull();
  });
});
