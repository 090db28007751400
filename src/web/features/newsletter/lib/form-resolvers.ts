import { zodResolver } from '@hookform/resolvers/zod';
import { NewsletterSchema } from '../../../../shared/api/newsletter.js';

/**
 * The footer's newsletter form's checks: the schema of `POST newsletter` with react-hook-form's zod
 * resolver. Loaded on first use (lib/lazy-resolver.ts): the form is on every public page, and zod is in
 * none of their first loads.
 */
export const newsletterResolver = zodResolver(NewsletterSchema);
