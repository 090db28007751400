import { zodResolver } from '@hookform/resolvers/zod';
import { BlogCommentInputSchema } from '../../../../shared/api/blog-comments.js';
import { BookingSchema } from '../../../../shared/api/booking.js';
import { EnquirySchema } from '../../../../shared/api/enquiry.js';

/*
 * The public site's forms' checks: the schemas of their calls with react-hook-form's zod resolver.
 * Loaded on first use (lib/lazy-resolver.ts), so no public page's first JavaScript holds zod.
 */

/** The contact form: `POST enquiries`. */
export const enquiryResolver = zodResolver(EnquirySchema);

/** Book A Seat (home, classes): `POST bookings`. */
export const bookingResolver = zodResolver(BookingSchema);

/** The blog detail page's comment form: `POST blog-comments` (docs/decisions/0049-blog-comments.md). */
export const blogCommentResolver = zodResolver(BlogCommentInputSchema);
