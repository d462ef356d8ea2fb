/** The contact form's resolver: the shared inquiry schema; contact-form.tsx loads it lazily. */
import { ContactInquirySchema } from '@festival/shared';
import { zodResolver } from '@hookform/resolvers/zod';

export const contactResolver = zodResolver(ContactInquirySchema);
