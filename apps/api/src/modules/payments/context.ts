/**
 * What the payments module's use cases share: the context a route or job gives them.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../plugins/jobs.js';
import { type OrderHooks } from '../orders/service.js';
import type { PaymentProvider } from '../payment-providers/provider.js';

export interface PaymentContext {
  db: Database;
  now(): Date;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  provider: PaymentProvider;
  /** What follows a paid or refunded order (`app.orderHooks`). */
  orderHooks: OrderHooks;
}

/** `payment_events.provider` of the bank transfers organizers record. */
export const OFFLINE_PROVIDER = 'offline';
