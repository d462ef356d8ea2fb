/** The GST invoice fields' resolver: the shared schema (GSTIN check character included); loaded lazily. */
import { GstInvoiceRequestSchema } from '@festival/shared';
import { zodResolver } from '@hookform/resolvers/zod';

export const gstInvoiceResolver = zodResolver(GstInvoiceRequestSchema);
