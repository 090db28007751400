import { zodResolver } from '@hookform/resolvers/zod';
import { EnquirySchema } from '../../../../shared/api/enquiry.js';

/**
 * The contact form's checks: the schema of `POST enquiries` with react-hook-form's zod resolver.
 * Loaded on first use (lib/lazy-resolver.ts), so the contact page's first JavaScript holds no zod.
 */
export const enquiryResolver = zodResolver(EnquirySchema);
